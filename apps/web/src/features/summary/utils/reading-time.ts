/**
 * A summary's reading time is the sum of its chapters' reading times (issue 13): split into whole
 * hours and the minutes left, so the details page says '25 min' or '1 uur en 5 min', never a rounded '± 1 uur'.
 */
export function splitReadingTime(chapters: ReadonlyArray<{ readingMinutes: number }>): { total: number; hours: number; minutes: number } {
  const total = chapters.reduce((n, c) => n + c.readingMinutes, 0);
  return { total, hours: Math.floor(total / 60), minutes: total % 60 };
}
