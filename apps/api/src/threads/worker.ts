import { parentPort } from 'node:worker_threads';
import { runTask, type TaskKind } from './tasks.ts';

/** A work thread (pool.ts): one task in, one answer out; large results move back instead of being copied. */
parentPort!.on('message', (msg: { kind: TaskKind; input: never }) => {
  runTask(msg.kind, msg.input).then(
    ({ output, transfer }) => parentPort!.postMessage({ ok: true, output }, transfer),
    (err: unknown) => parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }),
  );
});
