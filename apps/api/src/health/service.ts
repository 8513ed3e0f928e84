import { ping, type DB, type DialectName } from '@blok/db';

/** Liveness: does the database answer. */
export class HealthService {
  constructor(
    private readonly db: DB,
    readonly dialect: DialectName,
  ) {}

  /** Resolves when the database answers a trivial query; rejects with its error otherwise. */
  async check(): Promise<{ status: 'ok'; database: DialectName }> {
    await ping(this.db);
    return { status: 'ok', database: this.dialect };
  }
}
