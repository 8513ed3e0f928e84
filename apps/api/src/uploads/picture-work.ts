import sharp from 'sharp';
import { AppError } from '../errors.ts';

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
