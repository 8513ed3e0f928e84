/**
 * The header images of the /auth layout: two clusters of study objects that sit left and right
 * of the logo (and of the centred card on wide screens). Decorative.
 */
export function AuthHeaderIllustration({ className, sideClassName }: { className?: string; sideClassName?: { left?: string | undefined; right?: string | undefined } }) {
  return (
    <div className={className} aria-hidden="true">
      <svg viewBox="0 0 160 120" className={sideClassName?.left} focusable="false">
        {/* flashcard */}
        <g transform="rotate(-9 70 70)">
          <rect x="18" y="38" width="104" height="68" rx="12" fill="#ffffff" />
          <rect x="34" y="54" width="52" height="8" rx="4" fill="#a5b4fc" />
          <rect x="34" y="70" width="72" height="7" rx="3.5" fill="#e0e7ff" />
          <rect x="34" y="84" width="58" height="7" rx="3.5" fill="#e0e7ff" />
        </g>
        <path d="M132 18v16M124 26h16" stroke="#fde68a" strokeWidth="4" strokeLinecap="round" />
        <circle cx="14" cy="20" r="5" fill="#f472b6" />
      </svg>
      <svg viewBox="0 0 160 120" className={sideClassName?.right} focusable="false">
        {/* book */}
        <g transform="rotate(8 96 64)">
          <rect x="58" y="26" width="80" height="62" rx="7" fill="#f59e0b" />
          <rect x="58" y="26" width="13" height="62" rx="5" fill="#d97706" />
          <rect x="82" y="42" width="42" height="7" rx="3.5" fill="#fde68a" />
          <rect x="82" y="56" width="30" height="7" rx="3.5" fill="#fde68a" />
        </g>
        {/* answer bubble */}
        <rect x="10" y="78" width="96" height="36" rx="18" fill="#14b8a6" />
        <circle cx="30" cy="96" r="10" fill="#ffffff" />
        <path d="m25.5 96 3 3 5.5-6" stroke="#14b8a6" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="48" y="92" width="44" height="8" rx="4" fill="#ccfbf1" />
        <path d="M30 20v12M24 26h12" stroke="#c7d2fe" strokeWidth="4" strokeLinecap="round" />
      </svg>
    </div>
  );
}
