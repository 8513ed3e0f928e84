import sharp, { type Metadata } from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_SIZE, PROFILE_PICTURE_TYPES } from '@blok/contract';
import { AppError } from '../errors.ts';
import { MAX_INPUT_PIXELS, pictureWork } from '../uploads/picture-work.ts';
import type { UploadedFile } from '../uploads/uploaded-file.ts';

/** What sharp calls the formats we accept, by the declared MIME type. */
const FORMAT_OF: Record<(typeof PROFILE_PICTURE_TYPES)[number], string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
const tooLarge = () => new AppError('file_too_large', 'Je foto is groter dan 5 MB. Kies een kleinere foto.');
const tooManyPixels = () => new AppError('file_too_large', 'Je foto heeft meer dan 25 megapixel. Kies een kleinere foto.');
const wrongType = () => new AppError('unsupported_file_type', 'Kies een foto in jpg, png of webp.');

/**
 * Checks a profile picture (spec rules ext jpg/png/webp and maxSize 5 MB) and re-encodes it: the
 * bytes must really be the declared format (a file that lies about its type is refused), EXIF
 * rotation is applied, metadata (location!) is dropped, and the result is a square WebP.
 */
export async function processProfilePicture(file: UploadedFile): Promise<{ mime: string; data: Buffer }> {
  if (file.size > PROFILE_PICTURE_MAX_BYTES) throw tooLarge();
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  const expected = FORMAT_OF[declared as keyof typeof FORMAT_OF];
  if (!expected || file.size === 0) throw wrongType();
  return pictureWork.run(() => reencode(file, expected));
}

async function reencode(file: UploadedFile, expected: string): Promise<{ mime: string; data: Buffer }> {
  let meta: Metadata;
  try {
    // the header only: the size is known before anything is decoded
    meta = await sharp(file.data, { limitInputPixels: false }).metadata();
  } catch {
    throw wrongType();
  }
  if (meta.format !== expected) throw wrongType();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
  try {
    const data = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
    return { mime: 'image/webp', data };
  } catch {
    throw wrongType();
  }
}
