import type { Executor } from '@blok/db';
import { StudioRepository } from './repository.ts';

/** One line of the studio's audit log: who did what to which subject. */
export interface AuditEntry {
  userId: string;
  email: string;
  subjectId: string | null;
  action: string;
  detail: string;
}

/**
 * The studio's audit log as other features write it (the catalogue's admins, the reports inbox),
 * in their own transaction. A part of its own, so that the catalogue, which the studio reads,
 * need not hold the studio (issue 42).
 */
export class StudioAuditLog {
  async write(tx: Executor, entry: AuditEntry): Promise<void> {
    await new StudioRepository(tx).audit({ user_id: entry.userId, user_email: entry.email, subject_id: entry.subjectId, action: entry.action, detail: entry.detail });
  }
}
