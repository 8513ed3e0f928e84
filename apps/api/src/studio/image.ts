import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { STUDIO_IMAGE_EDGE, STUDIO_IMAGE_MAX_BYTES, STUDIO_IMAGE_TYPES } from '@blok/contract';
import { AppError } from '../errors.ts';
import { MAX_INPUT_PIXELS, pictureWork } from '../uploads/picture-work.ts';

type ImageType = (typeof STUDIO_IMAGE_TYPES)[number];

export const imageTooLarge = () => new AppError('file_too_large', 'De afbeelding is groter dan 5 MB. Kies een kleinere afbeelding.');
const tooManyPixels = () => new AppError('file_too_large', 'De afbeelding heeft meer dan 25 megapixel. Kies een kleinere afbeelding.');
const wrongType = () => new AppError('unsupported_file_type', 'Kies een afbeelding in png, jpg of webp.');

/** The type the file's first bytes say it is (its magic number), whatever name or type it came with. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const FORMAT_OF: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

export interface ContentImage {
  /** images/<name>.webp: the name is made from the bytes, so one picture uploaded twice is stored once */
  name: string;
  mime: 'image/webp';
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an author's picture and makes it a content image: at most 5 MB, its magic number one of
 * PNG, JPEG or WebP and the same as the type it was sent as, at most 25 megapixels (read from the
 * header before anything is decoded), decoded in the process's shared image queue. Stored as WebP
 * within STUDIO_IMAGE_EDGE px, EXIF rotation applied, metadata (location!) dropped; a PNG (a diagram,
 * a table as a picture) losslessly, so its lines and letters stay sharp.
 */
export async function processContentImage(file: { data: Buffer; type: string }): Promise<ContentImage> {
  if (file.data.length > STUDIO_IMAGE_MAX_BYTES) throw imageTooLarge();
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  const sniffed = sniffImageType(file.data);
  if (!sniffed || sniffed !== declared) throw wrongType();
  return pictureWork.run(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(file.data, { limitInputPixels: false }).metadata();
    } catch {
      throw wrongType();
    }
    if (meta.format !== FORMAT_OF[sniffed]) throw wrongType();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
    try {
      const { data, info } = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(STUDIO_IMAGE_EDGE, STUDIO_IMAGE_EDGE, { fit: 'inside', withoutEnlargement: true })
        .webp(sniffed === 'image/png' ? { lossless: true } : { quality: 82 })
        .toBuffer({ resolveWithObject: true });
      const name = `studio-${createHash('sha256').update(data).digest('hex').slice(0, 24)}.webp`;
      return { name, mime: 'image/webp', data, width: info.width, height: info.height };
    } catch {
      throw wrongType();
    }
  });
}
