/** Colours of the chapters' lines: distinct, each at least 3:1 against white (non-text contrast). */
export const LINE_COLOURS = ['#3730a3', '#b42318', '#067647', '#b54708', '#6941c6', '#0e7090', '#c11574', '#4b5563'];

export interface GradeSeries {
  id: string;
  label: string;
  colour: string;
  points: ReadonlyArray<{ at: number; grade: number; mockExam: boolean }>;
}

const W = 340;
const H = 200;
const LEFT = 28;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 24;

/**
 * A line per chapter of its grades over time, 1-10, with the 5.5 pass line (hand-written SVG,
 * decision 022). `fromLabel` equal to `toLabel`: all grades are of one day.
 */
export function GradeLines({ series, from, to, fromLabel, toLabel }: { series: readonly GradeSeries[]; from: number; to: number; fromLabel: string; toLabel: string }) {
  // Grades of one day would stand on one vertical line: they go side by side in the order she got
  // them, under one date (her first day, issue 39). Over more days, time runs along the axis.
  const oneDay = fromLabel === toLabel;
  const order = [...new Set(series.flatMap((s) => s.points.map((p) => p.at)))].sort((a, b) => a - b);
  const rank = new Map(order.map((at, i) => [at, i]));
  const width = W - LEFT - RIGHT;
  const x = oneDay ? (at: number) => LEFT + (width * ((rank.get(at) ?? 0) + 0.5)) / order.length : (at: number) => LEFT + (width * (at - from)) / Math.max(1, to - from);
  const y = (grade: number) => TOP + ((H - TOP - BOTTOM) * (10 - grade)) / 9;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" aria-hidden="true" focusable="false">
      {[1, 10].map((g) => (
        <g key={g}>
          <line x1={LEFT} x2={W - RIGHT} y1={y(g)} y2={y(g)} stroke="#e4e7ec" />
          <text x={LEFT - 6} y={y(g) + 4} fontSize="11" textAnchor="end" fill="#4b5563">
            {g}
          </text>
        </g>
      ))}
      <line x1={LEFT} x2={W - RIGHT} y1={y(5.5)} y2={y(5.5)} stroke="#6b7280" strokeDasharray="4 3" />
      <text x={LEFT - 6} y={y(5.5) + 4} fontSize="11" textAnchor="end" fill="#4b5563">
        5,5
      </text>
      {oneDay ? (
        <text x={LEFT + width / 2} y={H - 6} fontSize="11" textAnchor="middle" fill="#4b5563">
          {fromLabel}
        </text>
      ) : (
        <>
          <text x={LEFT} y={H - 6} fontSize="11" fill="#4b5563">
            {fromLabel}
          </text>
          <text x={W - RIGHT} y={H - 6} fontSize="11" textAnchor="end" fill="#4b5563">
            {toLabel}
          </text>
        </>
      )}
      {series.map((s) => (
        <g key={s.id}>
          {s.points.length > 1 && (
            <polyline points={s.points.map((p) => `${x(p.at)},${y(p.grade)}`).join(' ')} fill="none" stroke={s.colour} strokeWidth={2} />
          )}
          {s.points.map((p, i) =>
            p.mockExam ? (
              <rect key={i} x={x(p.at) - 4} y={y(p.grade) - 4} width={8} height={8} fill={s.colour} />
            ) : (
              <circle key={i} cx={x(p.at)} cy={y(p.grade)} r={4} fill={s.colour} />
            ),
          )}
        </g>
      ))}
    </svg>
  );
}
