import type { JobHandler, HandlerOptions } from '../jobs/queue.ts';
import { PUSH_JOBS, type DeliverPayload, type PushService, type ReminderPayload } from './service.ts';

/** The part of the job runner (app.jobs) the push feature registers with. */
export interface JobRegistry {
  register(name: string, handler: JobHandler, opts?: HandlerOptions): void;
  every(name: string, everySeconds: number, handler: JobHandler, opts?: HandlerOptions): void;
}

/** How often the safety net re-checks that every enabled reminder has its next slot queued. */
export const REMINDER_SCHEDULE_SECONDS = 900;

/**
 * Registers the push jobs. The reminder reads her plan, then queues its deliveries and the next slot
 * in one unit of work with dedupe keys, so a repeat sends nothing twice; a delivery talks to
 * a push service outside the database, so it runs first and is marked done afterwards (at least
 * once, and the Topic header lets the push service coalesce a repeat).
 */
export function registerPushJobs(jobs: JobRegistry, push: PushService): void {
  jobs.every(PUSH_JOBS.schedule, REMINDER_SCHEDULE_SECONDS, async (_payload, { tx }) => {
    await push.scheduleAll(tx);
  });
  // Not in the runner's transaction: what it says is read from her plan first (the plan reads
  // through its own unit of work), then one unit of work queues the deliveries and the next slot,
  // whose dedupe keys make a repeated run send nothing twice (issue 27).
  jobs.register(
    PUSH_JOBS.reminder,
    async (payload) => {
      await push.remind(payload as ReminderPayload);
    },
    { transactional: false },
  );
  jobs.register(
    PUSH_JOBS.deliver,
    async (payload, { tx }) => {
      await push.deliver(tx, payload as DeliverPayload);
    },
    { transactional: false, leaseSeconds: 60 },
  );
}
