/**
 * A Content-Disposition naming a file by its own name: an ASCII fallback (accents dropped, dashes and
 * quotes made plain, the rest `_`) and the RFC 5987 UTF-8 name, so "Biologie – H1 (café)" keeps its
 * characters in browsers that read `filename*`. Used by the card exports and her course files.
 */
export function contentDisposition(fileName: string, kind: 'inline' | 'attachment' = 'attachment'): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
