/** Horizontal bars, one per chapter, 0-100; a chapter not tested yet (null) has an empty bar and a dash (hand-written SVG, decision 022). */
export function ReadinessBars({ rows, weakestId }: { rows: ReadonlyArray<{ id: string; label: string; value: number | null }>; weakestId: string | null }) {
  const row = 30;
  const labelWidth = 40;
  const barWidth = 250;
  const height = rows.length * row + 4;
  return (
    <svg viewBox={`0 0 340 ${height}`} width="100%" aria-hidden="true" focusable="false">
      {rows.map((r, i) => {
        const y = i * row + 4;
        const w = r.value === null ? 0 : Math.max(2, (barWidth * Math.max(0, Math.min(100, r.value))) / 100);
        return (
          <g key={r.id}>
            <text x={0} y={y + 15} fontSize="13" fontWeight="600" fill="#111827">
              {r.label}
            </text>
            <rect x={labelWidth} y={y} width={barWidth} height={20} rx={4} fill="#eceef5" />
            <rect x={labelWidth} y={y} width={w} height={20} rx={4} fill={r.id === weakestId ? '#b42318' : '#3730a3'} />
            <text x={labelWidth + barWidth + 6} y={y + 15} fontSize="13" fill="#111827">
              {r.value === null ? '–' : `${Math.round(r.value)}%`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
