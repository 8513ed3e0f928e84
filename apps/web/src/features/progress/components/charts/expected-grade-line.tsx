/** One day's expected grade with its 80 % range. */
export interface ExpectedGradePoint {
  date: string;
  grade: number;
  low: number;
  high: number;
}

const W = 340;
const H = 180;
const LEFT = 28;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 24;
const COLOUR = '#3730a3';

/**
 * Her expected grade over time, 1-10, its range as a band and the 5,5 pass line (hand-written SVG,
 * decision 022). Days sit side by side in order, evenly: the days she answered something are the
 * points, so a first day is one point in the middle, not a line squeezed against an edge.
 */
export function ExpectedGradeLine({ points, firstLabel, lastLabel }: { points: readonly ExpectedGradePoint[]; firstLabel: string; lastLabel: string }) {
  const width = W - LEFT - RIGHT;
  const x = (i: number) => LEFT + (width * (i + 0.5)) / points.length;
  const y = (grade: number) => TOP + ((H - TOP - BOTTOM) * (10 - grade)) / 9;
  const band = [...points.map((p, i) => `${x(i)},${y(p.high)}`), ...[...points].reverse().map((p, i) => `${x(points.length - 1 - i)},${y(p.low)}`)].join(' ');
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
      {points.length > 1 ? (
        <polygon points={band} fill={COLOUR} fillOpacity={0.15} />
      ) : (
        points.map((p, i) => <rect key={i} x={x(i) - 10} y={y(p.high)} width={20} height={Math.max(1, y(p.low) - y(p.high))} fill={COLOUR} fillOpacity={0.15} />)
      )}
      {points.length > 1 && <polyline points={points.map((p, i) => `${x(i)},${y(p.grade)}`).join(' ')} fill="none" stroke={COLOUR} strokeWidth={2} />}
      {points.map((p, i) => (
        <circle key={p.date} cx={x(i)} cy={y(p.grade)} r={4} fill={COLOUR} />
      ))}
      {points.length === 1 ? (
        <text x={x(0)} y={H - 6} fontSize="11" textAnchor="middle" fill="#4b5563">
          {firstLabel}
        </text>
      ) : (
        <>
          <text x={LEFT} y={H - 6} fontSize="11" fill="#4b5563">
            {firstLabel}
          </text>
          <text x={W - RIGHT} y={H - 6} fontSize="11" textAnchor="end" fill="#4b5563">
            {lastLabel}
          </text>
        </>
      )}
    </svg>
  );
}
