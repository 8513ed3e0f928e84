/**
 * The file name of a download made from a title (a set's export, issue 38): the title as she wrote
 * it, accents and dashes such as "–" kept, without the characters a file name may not hold on
 * Windows, macOS or Linux (/ \ : * ? " < > | and control characters), white space folded, no dot or
 * space at either end, at most 80 characters; "kaarten" when nothing is left. The API sends it in
 * Content-Disposition and the web app saves the file under it.
 */
export function exportFileName(title: string, extension: string): string {
  const name = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${name || 'kaarten'}.${extension}`;
}
