import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_SIZE, PROFILE_PICTURE_TYPES } from '@blok/contract';
import { AppError } from '../errors.ts';

/**
 * An uploaded file's bytes. The bytes are not enumerable so that the request fingerprint of a
 * command (decision 007) hashes `{ sha256, size, type }` instead of walking megabytes.
 */
export class UploadedFile {
  declare readonly data: Buffer;
  readonly sha256: string;
  readonly size: number;

  constructor(
    data: Buffer,
    readonly type: string,
  ) {
    Object.defineProperty(this, 'data', { value: data, enumerable: false });
    this.sha256 = createHash('sha256').update(data).digest('base64url');
    this.size = data.length;
  }
}

/** What sharp calls the formats we accept, by the declared MIME type. */
const FORMAT_OF: Record<(typeof PROFILE_PICTURE_TYPES)[number], string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
/** Refuse decompression bombs: a 5 MB file may claim a gigantic canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

const tooLarge = () => new AppError('file_too_large', 'Je foto is groter dan 5 MB. Kies een kleinere foto.');
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
  let format: string | undefined;
  try {
    format = (await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw wrongType();
  }
  if (format !== expected) throw wrongType();
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
