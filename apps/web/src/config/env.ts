/**
 * The web app's configuration. Only `VITE_*` variables reach the browser bundle; this module is
 * the one place that reads them and it fails loudly, listing every problem, when one is invalid.
 */

type Env = {
  /** Base path of the API on the same origin. */
  API_BASE_URL: string;
  /** Matches the user agent of Blok's own native wrapper (install/update toasts are hidden there). */
  NATIVE_WRAPPER_UA: RegExp;
  /** Whether the service worker is registered (production builds by default). */
  ENABLE_SERVICE_WORKER: boolean;
};

function parseEnv(raw: Record<string, string | boolean | undefined>): Env {
  const problems: string[] = [];

  const apiBase = typeof raw.VITE_API_BASE_URL === 'string' && raw.VITE_API_BASE_URL !== '' ? raw.VITE_API_BASE_URL : '/api';
  if (!apiBase.startsWith('/') && !/^https?:\/\//.test(apiBase)) {
    problems.push(`VITE_API_BASE_URL must be a path ("/api") or an http(s) URL, got "${apiBase}"`);
  }

  let wrapper = /BlokApp/i;
  if (typeof raw.VITE_NATIVE_WRAPPER_UA === 'string' && raw.VITE_NATIVE_WRAPPER_UA !== '') {
    try {
      wrapper = new RegExp(raw.VITE_NATIVE_WRAPPER_UA, 'i');
    } catch {
      problems.push(`VITE_NATIVE_WRAPPER_UA is not a valid regular expression: "${raw.VITE_NATIVE_WRAPPER_UA}"`);
    }
  }

  const swRaw = raw.VITE_ENABLE_SERVICE_WORKER;
  let enableSw = raw.PROD === true;
  if (typeof swRaw === 'string' && swRaw !== '') {
    if (swRaw !== 'true' && swRaw !== 'false') problems.push(`VITE_ENABLE_SERVICE_WORKER must be "true" or "false", got "${swRaw}"`);
    enableSw = swRaw === 'true';
  }

  if (problems.length > 0) {
    throw new Error(`Invalid web app configuration:\n- ${problems.join('\n- ')}`);
  }
  return { API_BASE_URL: apiBase.replace(/\/+$/, ''), NATIVE_WRAPPER_UA: wrapper, ENABLE_SERVICE_WORKER: enableSw };
}

export const env: Env = parseEnv(import.meta.env as unknown as Record<string, string | boolean | undefined>);
