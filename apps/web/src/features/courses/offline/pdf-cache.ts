import { env } from '../../../config/env.ts';
import { ensureAuthenticated } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth/token-storage.ts';
import { PDF_CACHE } from '../../../lib/offline/query-persistence.ts';

/**
 * Her PDFs for reading offline (issue 41: "a file she opened (or marks) reads offline"). A file's
 * bytes never change under its id (a new upload is a new file), so a kept copy is read instead of the
 * network whenever it is there. Kept in the Cache Storage of the page (not the service worker's
 * runtime cache: the file answers with her bearer token, which a worker's route does not have), keyed
 * by the file's address without any token; emptied at sign-out (lib/offline/query-persistence.ts)
 * and when she deletes the file or the course.
 */

/** A file up to this size is kept when she opens it; a larger one when she asks ('Bewaar offline'). */
export const PDF_AUTO_KEEP_BYTES = 15 * 1024 * 1024;

export const pdfFileUrl = (courseId: string, fileId: string) => `${env.API_BASE_URL}/courses/${encodeURIComponent(courseId)}/files/${encodeURIComponent(fileId)}/file`;

/** The bytes pdf.js reads for the file's first pages, in one response (decision 050). */
export const pdfOpeningUrl = (courseId: string, fileId: string) => `${env.API_BASE_URL}/courses/${encodeURIComponent(courseId)}/files/${encodeURIComponent(fileId)}/opening`;

/** The cache key: an absolute address, so matching does not depend on the page it is asked from. */
const keyOf = (courseId: string, fileId: string) => new URL(pdfFileUrl(courseId, fileId), window.location.origin).href;

const available = () => typeof caches !== 'undefined';

/** The kept copy's bytes, or null when there is none (or the browser keeps no caches here). */
export async function keptPdf(courseId: string, fileId: string): Promise<ArrayBuffer | null> {
  if (!available()) return null;
  try {
    const cache = await caches.open(PDF_CACHE);
    const response = await cache.match(keyOf(courseId, fileId));
    return response ? await response.arrayBuffer() : null;
  } catch {
    return null;
  }
}

export async function isPdfKept(courseId: string, fileId: string): Promise<boolean> {
  if (!available()) return false;
  try {
    return (await (await caches.open(PDF_CACHE)).match(keyOf(courseId, fileId))) !== undefined;
  } catch {
    return false;
  }
}

export type KeepResult = 'kept' | 'no-space' | 'failed';

/**
 * Fetches the whole file once (signed in, with her token) and keeps it; the body streams into the
 * cache, never whole in the page's memory. 'no-space' when the device's storage is full.
 */
export async function keepPdf(courseId: string, fileId: string): Promise<KeepResult> {
  if (!available()) return 'failed';
  try {
    await ensureAuthenticated();
    const token = getAccessToken();
    const response = await fetch(pdfFileUrl(courseId, fileId), { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
    if (response.status !== 200 || !response.body) return 'failed';
    const cache = await caches.open(PDF_CACHE);
    // only what reading needs: no token, no Vary, the type
    await cache.put(keyOf(courseId, fileId), new Response(response.body, { headers: { 'content-type': 'application/pdf' } }));
    return 'kept';
  } catch (error) {
    return error instanceof DOMException && error.name === 'QuotaExceededError' ? 'no-space' : 'failed';
  }
}

export async function forgetPdf(courseId: string, fileId: string): Promise<void> {
  if (!available()) return;
  await (await caches.open(PDF_CACHE)).delete(keyOf(courseId, fileId)).catch(() => false);
}

/** A deleted course: every kept file of it goes. */
export async function forgetCoursePdfs(courseId: string): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(PDF_CACHE);
  const prefix = new URL(`${env.API_BASE_URL}/courses/${encodeURIComponent(courseId)}/files/`, window.location.origin).href;
  for (const request of await cache.keys()) if (request.url.startsWith(prefix)) await cache.delete(request).catch(() => false);
}
