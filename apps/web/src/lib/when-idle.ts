/**
 * Runs `task` once the page has loaded and the browser is idle, at most `timeout` ms after the load
 * (issue 43, decision 048): work a first visit does not need for its first screen (the service
 * worker's registration, the outbox's first send) then runs in a task of its own after the app's
 * start instead of among its tasks. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, { timeout = 2_000, afterLoad = true }: { timeout?: number; afterLoad?: boolean } = {}): () => void {
  let cancelled = false;
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout });
    else timer = setTimeout(run, 0);
  };
  const loading = afterLoad && typeof document !== 'undefined' && document.readyState !== 'complete';
  if (loading) window.addEventListener('load', schedule, { once: true });
  else schedule();
  return () => {
    cancelled = true;
    if (loading) window.removeEventListener('load', schedule);
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
