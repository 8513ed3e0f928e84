/**
 * A stable colour pair per subject for its tile, so students recognise a subject at a glance.
 * Every pair has dark text on a light background (contrast >= 7:1).
 */
const PALETTE = [
  { bg: '#eef0ff', fg: '#312e81' },
  { bg: '#e3f5f1', fg: '#0b5345' },
  { bg: '#fff1e0', fg: '#7a2e0e' },
  { bg: '#fdecef', fg: '#8a1c3b' },
  { bg: '#e8f3fc', fg: '#134e7a' },
  { bg: '#f1ecfd', fg: '#4c1d95' },
] as const;

export function subjectColors(id: string): { bg: string; fg: string } {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** Up to two initials of the title's significant words: 'Inleiding in de psychologie' -> 'IP'. */
export function subjectInitials(title: string): string {
  const minor = new Set(['in', 'de', 'het', 'een', 'en', 'tot', 'van', 'voor', 'op']);
  const words = title.split(/[\s-]+/).filter((w) => w && !minor.has(w.toLowerCase()));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
