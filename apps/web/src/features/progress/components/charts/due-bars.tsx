/** Vertical bars of cards due per day (hand-written SVG, decision 022). */
export function DueBars({ days }: { days: ReadonlyArray<{ date: string; label: string; count: number }> }) {
  const W = 340;
  const H = 140;
  const bottom = 22;
  const top = 16;
  const slot = W / Math.max(1, days.length);
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" aria-hidden="true" focusable="false">
      <line x1={0} x2={W} y1={H - bottom} y2={H - bottom} stroke="#6b7280" />
      {days.map((d, i) => {
        const h = ((H - bottom - top) * d.count) / max;
        const x = i * slot + slot * 0.15;
        return (
          <g key={d.date}>
            {d.count > 0 && <rect x={x} y={H - bottom - h} width={slot * 0.7} height={h} rx={3} fill={i === 0 ? '#b54708' : '#3730a3'} />}
            {d.count > 0 && (
              <text x={x + slot * 0.35} y={H - bottom - h - 4} fontSize="11" textAnchor="middle" fill="#111827">
                {d.count}
              </text>
            )}
            <text x={x + slot * 0.35} y={H - 6} fontSize="10" textAnchor="middle" fill="#4b5563">
              {d.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
