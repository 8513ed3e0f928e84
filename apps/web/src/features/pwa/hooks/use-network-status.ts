import { useEffect, useState, useSyncExternalStore } from 'react';
import { getConnection, isSlowConnection } from '../utils/platform.ts';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Online state from the browser, and whether the connection reports itself as slow. */
export function useNetworkStatus(): { online: boolean; slow: boolean } {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const [slow, setSlow] = useState(() => isSlowConnection());

  useEffect(() => {
    const connection = getConnection();
    if (!connection) return;
    const onChange = () => setSlow(isSlowConnection(connection));
    connection.addEventListener('change', onChange);
    return () => connection.removeEventListener('change', onChange);
  }, []);

  return { online, slow };
}
