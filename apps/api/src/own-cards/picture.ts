import sharp, { type Metadata } from 'sharp';
import { OWN_CARD_PICTURE_EDGE, OWN_CARD_PICTURE_MAX_BYTES, OWN_CARD_PICTURE_TYPES } from '@blok/contract';
import { AppError } from '../errors.ts';
import { MAX_INPUT_PIXELS, pictureWork } from '../uploads/picture-work.ts';

/** A picture as it arrives: its bytes and the MIME type it claims. */
export interface PictureInput {
  data: Buffer;
  type: string;
}

const FORMAT_OF: Record<(typeof OWN_CARD_PICTURE_TYPES)[number], string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

export const pictureTooLarge = () => new AppError('file_too_large', 'Je afbeelding is groter dan 5 MB. Kies een kleinere afbeelding.');
const tooManyPixels = () => new AppError('file_too_large', 'Je afbeelding heeft meer dan 25 megapixel. Kies een kleinere afbeelding.');
const wrongType = () => new AppError('unsupported_file_type', 'Kies een afbeelding in jpg, png of webp.');

/**
 * Checks a card picture with the profile picture's rules and safety (decision 010, issue 25): at
 * most 5 MB, really the declared jpg/png/webp, at most 25 megapixels read from the header before
 * anything is decoded, decoded in the process's shared image queue (uploads/picture-work.ts: two at once).
 * Re-encoded to WebP within OWN_CARD_PICTURE_EDGE px, EXIF rotation applied, metadata dropped.
 */
export async function processCardPicture(file: PictureInput): Promise<{ mime: string; data: Buffer }> {
  if (file.data.length > OWN_CARD_PICTURE_MAX_BYTES) throw pictureTooLarge();
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  const expected = FORMAT_OF[declared as keyof typeof FORMAT_OF];
  if (!expected || file.data.length === 0) throw wrongType();
  return pictureWork.run(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(file.data, { limitInputPixels: false }).metadata();
    } catch {
      throw wrongType();
    }
    if (meta.format !== expected) throw wrongType();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
    try {
      const data = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(OWN_CARD_PICTURE_EDGE, OWN_CARD_PICTURE_EDGE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      return { mime: 'image/webp', data };
    } catch {
      throw wrongType();
    }
  });
}
