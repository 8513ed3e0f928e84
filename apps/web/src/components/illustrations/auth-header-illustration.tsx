/** The header image of the /auth layout: floating study cards over a soft indigo field. */
export function AuthHeaderIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 390 170" className={className} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="auth-header-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3730a3" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="390" height="170" fill="url(#auth-header-bg)" />
      <circle cx="340" cy="20" r="70" fill="#6366f1" opacity="0.45" />
      <circle cx="30" cy="160" r="60" fill="#312e81" opacity="0.6" />
      {/* flashcard */}
      <g transform="rotate(-8 74 96)">
        <rect x="28" y="70" width="92" height="60" rx="10" fill="#ffffff" />
        <rect x="42" y="84" width="46" height="7" rx="3.5" fill="#c7cbff" />
        <rect x="42" y="98" width="64" height="6" rx="3" fill="#e8eaff" />
        <rect x="42" y="110" width="52" height="6" rx="3" fill="#e8eaff" />
      </g>
      {/* book */}
      <g transform="rotate(6 300 110)">
        <rect x="262" y="80" width="76" height="56" rx="6" fill="#f59e0b" />
        <rect x="262" y="80" width="12" height="56" rx="4" fill="#d97706" />
        <rect x="284" y="94" width="40" height="6" rx="3" fill="#fde68a" />
        <rect x="284" y="106" width="28" height="6" rx="3" fill="#fde68a" />
      </g>
      {/* answer bubble */}
      <g>
        <rect x="150" y="104" width="92" height="40" rx="20" fill="#14b8a6" />
        <circle cx="172" cy="124" r="10" fill="#ffffff" />
        <path d="m167.5 124 3 3 5.5-6" stroke="#14b8a6" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="190" y="120" width="38" height="8" rx="4" fill="#ccfbf1" />
      </g>
      {/* sparkles */}
      <path d="M238 56v14M231 63h14" stroke="#fde68a" strokeWidth="3" strokeLinecap="round" />
      <path d="M136 64v10M131 69h10" stroke="#c7cbff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="360" cy="140" r="5" fill="#f472b6" />
      <circle cx="112" cy="150" r="4" fill="#fde68a" />
    </svg>
  );
}
