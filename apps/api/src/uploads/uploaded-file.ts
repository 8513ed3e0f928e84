import { createHash } from 'node:crypto';

/**
 * An uploaded file's bytes. The bytes are not enumerable so that the request fingerprint of a
 * command (decision 007) hashes `{ sha256, size, type }` instead of walking megabytes.
 */
export class UploadedFile {
  declare readonly data: Buffer;
  readonly sha256: string;
  readonly size: number;

  /** `sha256`: the bytes' hash (base64url) when it was made as they arrived, so a large upload is not hashed in one go on the event loop. */
  constructor(
    data: Buffer,
    readonly type: string,
    sha256?: string,
  ) {
    Object.defineProperty(this, 'data', { value: data, enumerable: false });
    this.sha256 = sha256 ?? createHash('sha256').update(data).digest('base64url');
    this.size = data.length;
  }
}
