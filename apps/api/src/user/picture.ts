import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
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
/**
 * Refuse decompression bombs: a small file may claim a gigantic canvas, and a PNG is decoded whole
 * (a 389 KB PNG of 50 Mpx took 100 MB). 25 Mpx holds a 24 Mpx phone photo (5712 x 4284).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Pictures decoded at once in this process; more wait for a turn ... */
export const PICTURE_WORKERS = 2;
/** ... and past this many waiting, an upload is refused for now (429). */
export const PICTURE_QUEUE = 8;

// One libvips thread per image (two cores, and requests to serve), and no operation cache that
// keeps decoded pictures in memory after their request.
sharp.concurrency(1);
sharp.cache(false);

const tooLarge = () => new AppError('file_too_large', 'Je foto is groter dan 5 MB. Kies een kleinere foto.');
const tooManyPixels = () => new AppError('file_too_large', 'Je foto heeft meer dan 25 megapixel. Kies een kleinere foto.');
const wrongType = () => new AppError('unsupported_file_type', 'Kies een foto in jpg, png of webp.');

/**
 * Bounds the image work of the process: at most `workers` tasks at once, at most `queue` waiting
 * (then 429 too_many_requests with Retry-After). Memory then stays bounded however many students
 * upload at the same moment.
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** the most tasks that ever ran at once (tests read it) */
  peak = 0;

  constructor(
    private readonly workers: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.workers) {
      if (this.waiting.length >= this.queue) {
        throw new AppError('too_many_requests', 'Er worden nu veel foto’s verwerkt. Probeer het over een minuut opnieuw.', { 'retry-after': '10' });
      }
      // the finishing task hands its turn over, so running stays counted
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The image work of this process (every upload's decode and encode). */
export const pictureWork = new WorkLimiter(PICTURE_WORKERS, PICTURE_QUEUE);

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
