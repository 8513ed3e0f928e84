/** Colour steps of the calendar by minutes: none, < 15, < 30, < 60, 60 or more. */
export const CALENDAR_STEPS = ['#eceef5', '#c7cbff', '#8f94ec', '#5a55d2', '#2e2890'];
export const calendarStep = (minutes: number): number => (minutes <= 0 ? 0 : minutes < 15 ? 1 : minutes < 30 ? 2 : minutes < 60 ? 3 : 4);

const CELL = 20;
const GAP = 4;
const LEFT = 24;

const dayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * A calendar heatmap: a column per week (Monday on top), a cell per day from `from` to `to`, darker
 * for more minutes (hand-written SVG, decision 022).
 */
export function StudyCalendar({ from, to, minutes, dayLabels }: { from: string; to: string; minutes: ReadonlyMap<string, number>; dayLabels: readonly string[] }) {
  const start = addDays(from, -dayIndex(from));
  const cells: Array<{ date: string; col: number; row: number }> = [];
  for (let date = start, i = 0; date <= to; date = addDays(date, 1), i++) {
    if (date >= from) cells.push({ date, col: Math.floor(i / 7), row: i % 7 });
  }
  const cols = Math.max(1, ...cells.map((c) => c.col + 1));
  const width = LEFT + cols * (CELL + GAP);
  const height = 7 * (CELL + GAP);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" aria-hidden="true" focusable="false">
      {[0, 2, 4, 6].map((row) => (
        <text key={row} x={0} y={row * (CELL + GAP) + 14} fontSize="11" fill="#4b5563">
          {dayLabels[row]}
        </text>
      ))}
      {cells.map((c) => {
        const m = minutes.get(c.date) ?? 0;
        return (
          <rect
            key={c.date}
            data-date={c.date}
            x={LEFT + c.col * (CELL + GAP)}
            y={c.row * (CELL + GAP)}
            width={CELL}
            height={CELL}
            rx={4}
            fill={CALENDAR_STEPS[calendarStep(m)]}
            stroke={c.date === to ? '#111827' : 'none'}
          />
        );
      })}
    </svg>
  );
}
