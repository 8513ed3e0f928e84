/** The Blok logo: a stacked-blocks mark and a geometric "blok" wordmark, drawn as strokes. */
export function Logo({ variant = 'color', height = 36, title = 'Blok' }: { variant?: 'color' | 'white'; height?: number; title?: string }) {
  const ink = variant === 'white' ? '#ffffff' : '#1e1b4b';
  const markBg = variant === 'white' ? '#ffffff' : '#3730a3';
  const markInk = variant === 'white' ? '#3730a3' : '#ffffff';
  const width = (height * 152) / 44;
  return (
    <svg width={width} height={height} viewBox="0 0 152 44" role="img" aria-label={title} focusable="false">
      <rect x="0" y="0" width="44" height="44" rx="12" fill={markBg} />
      <rect x="10" y="10" width="16" height="7" rx="3.5" fill={markInk} />
      <rect x="10" y="19" width="24" height="7" rx="3.5" fill={markInk} opacity="0.85" />
      <rect x="10" y="28" width="20" height="7" rx="3.5" fill="#f59e0b" />
      <g fill="none" stroke={ink} strokeWidth="6.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M59 6v32" />
        <circle cx="69.5" cy="27.5" r="10.5" />
        <path d="M90 6v32" />
        <circle cx="110.5" cy="27.5" r="10.5" />
        <path d="M131 6v32" />
        <path d="M146 17 132.5 29" />
        <path d="m138 24.5 9 13.5" />
      </g>
    </svg>
  );
}
