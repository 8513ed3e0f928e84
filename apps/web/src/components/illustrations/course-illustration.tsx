import type { ReactElement } from 'react';

/**
 * Illustrations for the catalogue's header_afbeelding codes (spec section 3), also used on the
 * onboarding slides. Decorative: the text next to them says what matters.
 */
export const COURSE_IMAGE_CODES = ['boeken', 'collegezaal', 'laptop', 'bibliotheek', 'studeren', 'examen'] as const;
export type CourseImageCode = (typeof COURSE_IMAGE_CODES)[number];

const INDIGO = '#3730a3';
const INDIGO_MID = '#6366f1';
const INDIGO_LIGHT = '#c7cbff';
const SOFT = '#e8eaff';
const AMBER = '#f59e0b';
const AMBER_LIGHT = '#fde68a';
const TEAL = '#14b8a6';
const PINK = '#f472b6';
const WHITE = '#ffffff';

const Boeken = () => (
  <>
    <ellipse cx="120" cy="140" rx="92" ry="10" fill={SOFT} />
    <rect x="52" y="104" width="120" height="24" rx="5" fill={INDIGO} />
    <rect x="60" y="110" width="104" height="4" rx="2" fill={INDIGO_LIGHT} />
    <rect x="64" y="80" width="104" height="24" rx="5" fill={TEAL} />
    <rect x="72" y="86" width="88" height="4" rx="2" fill="#ccfbf1" />
    <rect x="46" y="56" width="112" height="24" rx="5" fill={AMBER} />
    <rect x="54" y="62" width="96" height="4" rx="2" fill={AMBER_LIGHT} />
    <path d="M182 64c10 0 16 8 16 20s-8 24-16 24-16-12-16-24 6-20 16-20Z" fill={PINK} />
    <path d="M182 64c0-8 4-12 10-14" stroke="#7c2d12" strokeWidth="3" strokeLinecap="round" fill="none" />
    <path d="M184 58c6-6 14-4 16 0-6 4-12 4-16 0Z" fill={TEAL} />
    <circle cx="40" cy="36" r="4" fill={INDIGO_LIGHT} />
    <circle cx="206" cy="30" r="6" fill={AMBER_LIGHT} />
  </>
);

const Collegezaal = () => (
  <>
    <rect x="40" y="18" width="160" height="70" rx="8" fill={INDIGO} />
    <rect x="48" y="26" width="144" height="54" rx="4" fill="#312e81" />
    <path d="M60 44h40M60 58h28M112 40l12 12m0-12-12 12" stroke={INDIGO_LIGHT} strokeWidth="4" strokeLinecap="round" />
    <path d="M140 62c8-20 18-20 26-6s16 8 20-6" stroke={AMBER} strokeWidth="4" fill="none" strokeLinecap="round" />
    <rect x="30" y="100" width="180" height="12" rx="6" fill={SOFT} />
    <rect x="20" y="124" width="200" height="12" rx="6" fill={SOFT} />
    <circle cx="62" cy="96" r="9" fill={TEAL} />
    <circle cx="104" cy="96" r="9" fill={PINK} />
    <circle cx="146" cy="96" r="9" fill={AMBER} />
    <circle cx="82" cy="120" r="9" fill={INDIGO_MID} />
    <circle cx="124" cy="120" r="9" fill={TEAL} />
    <circle cx="166" cy="120" r="9" fill={INDIGO_MID} />
  </>
);

const Laptop = () => (
  <>
    <ellipse cx="120" cy="140" rx="96" ry="9" fill={SOFT} />
    <rect x="56" y="30" width="128" height="86" rx="8" fill={INDIGO} />
    <rect x="64" y="38" width="112" height="70" rx="4" fill={WHITE} />
    <rect x="74" y="48" width="56" height="8" rx="4" fill={INDIGO_LIGHT} />
    <rect x="74" y="64" width="92" height="6" rx="3" fill={SOFT} />
    <rect x="74" y="76" width="80" height="6" rx="3" fill={SOFT} />
    <circle cx="156" cy="92" r="9" fill={TEAL} />
    <path d="m151.5 92 3 3 5.5-6" stroke={WHITE} strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M40 116h160l-10 16H50Z" fill={INDIGO_MID} />
    <rect x="104" y="118" width="32" height="4" rx="2" fill={INDIGO_LIGHT} />
    <rect x="198" y="96" width="22" height="30" rx="5" fill={AMBER} />
    <path d="M220 104h4a6 6 0 0 1 0 12h-4" stroke={AMBER} strokeWidth="4" fill="none" />
    <path d="M205 88c0-6 6-6 6-12" stroke={INDIGO_LIGHT} strokeWidth="3" fill="none" strokeLinecap="round" />
  </>
);

const Bibliotheek = () => (
  <>
    <rect x="36" y="20" width="168" height="124" rx="8" fill={SOFT} />
    <rect x="36" y="76" width="168" height="8" fill={INDIGO_LIGHT} />
    <rect x="36" y="136" width="168" height="8" rx="2" fill={INDIGO_LIGHT} />
    {[
      [48, 36, 14, INDIGO],
      [64, 30, 12, AMBER],
      [78, 40, 16, TEAL],
      [96, 34, 10, PINK],
      [108, 28, 14, INDIGO_MID],
      [150, 38, 16, INDIGO],
      [168, 32, 12, TEAL],
      [182, 36, 12, AMBER],
    ].map(([x, y, w, c]) => (
      <rect key={`a${x}`} x={x as number} y={y as number} width={w as number} height={76 - (y as number)} rx="3" fill={c as string} />
    ))}
    <rect x="126" y="44" width="14" height="32" rx="3" fill={AMBER} transform="rotate(-14 133 60)" />
    {[
      [48, 96, 18, TEAL],
      [68, 92, 12, INDIGO],
      [82, 98, 14, AMBER],
      [98, 90, 16, PINK],
      [116, 94, 12, INDIGO_MID],
      [160, 92, 14, INDIGO],
      [176, 96, 18, AMBER],
    ].map(([x, y, w, c]) => (
      <rect key={`b${x}`} x={x as number} y={y as number} width={w as number} height={136 - (y as number)} rx="3" fill={c as string} />
    ))}
    <circle cx="142" cy="124" r="10" fill={TEAL} />
    <path d="M142 104v10" stroke={INDIGO} strokeWidth="3" strokeLinecap="round" />
  </>
);

const Studeren = () => (
  <>
    <ellipse cx="120" cy="140" rx="96" ry="9" fill={SOFT} />
    <path d="M58 128 120 116l62 12-62 10Z" fill={INDIGO_LIGHT} />
    <path d="M60 66c22-6 42-4 60 6v62c-18-10-38-12-60-6Z" fill={WHITE} stroke={INDIGO} strokeWidth="3" strokeLinejoin="round" />
    <path d="M180 66c-22-6-42-4-60 6v62c18-10 38-12 60-6Z" fill={WHITE} stroke={INDIGO} strokeWidth="3" strokeLinejoin="round" />
    <path d="M72 82c12-2 24-1 36 4M72 96c12-2 24-1 36 4M72 110c12-2 24-1 28 2" stroke={INDIGO_LIGHT} strokeWidth="3.5" strokeLinecap="round" fill="none" />
    <path d="M132 86c12-5 24-6 36-4M132 100c12-5 24-6 36-4" stroke={INDIGO_LIGHT} strokeWidth="3.5" strokeLinecap="round" fill="none" />
    <path d="M134 112c10-4 18-5 26-4" stroke={AMBER} strokeWidth="5" strokeLinecap="round" opacity="0.8" />
    <path d="m186 36 10 6-34 58-12 6 2-13Z" fill={AMBER} />
    <path d="m186 36 10 6" stroke={PINK} strokeWidth="6" />
    <path d="M42 24v26M34 36h16" stroke={TEAL} strokeWidth="4" strokeLinecap="round" />
    <circle cx="208" cy="70" r="5" fill={INDIGO_LIGHT} />
  </>
);

const Examen = () => (
  <>
    <ellipse cx="120" cy="142" rx="90" ry="8" fill={SOFT} />
    <rect x="62" y="16" width="100" height="124" rx="8" fill={WHITE} stroke={INDIGO} strokeWidth="3" />
    <rect x="76" y="30" width="48" height="7" rx="3.5" fill={INDIGO} />
    {[52, 78, 104].map((y, i) => (
      <g key={y}>
        <circle cx="82" cy={y + 4} r="7" fill={i === 1 ? AMBER : TEAL} />
        <path d={`m78.5 ${y + 4} 2.5 2.5 5-5`} stroke={WHITE} strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="96" y={y} width="52" height="7" rx="3.5" fill={SOFT} />
        <rect x="96" y={y + 11} width="36" height="5" rx="2.5" fill={SOFT} />
      </g>
    ))}
    <circle cx="178" cy="44" r="24" fill={INDIGO_MID} />
    <text x="178" y="52" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="22" fill={WHITE}>
      8,5
    </text>
    <circle cx="48" cy="110" r="20" fill={WHITE} stroke={AMBER} strokeWidth="4" />
    <path d="M48 98v12l8 5" stroke={INDIGO} strokeWidth="3.5" strokeLinecap="round" fill="none" />
  </>
);

const ILLUSTRATIONS: Record<CourseImageCode, () => ReactElement> = {
  boeken: Boeken,
  collegezaal: Collegezaal,
  laptop: Laptop,
  bibliotheek: Bibliotheek,
  studeren: Studeren,
  examen: Examen,
};

export function isCourseImageCode(code: string): code is CourseImageCode {
  return (COURSE_IMAGE_CODES as readonly string[]).includes(code);
}

/** The illustration for a header_afbeelding code; unknown codes fall back to 'boeken'. */
export function CourseIllustration({ code, className }: { code: string; className?: string }) {
  const Picture = ILLUSTRATIONS[isCourseImageCode(code) ? code : 'boeken'];
  return (
    <svg viewBox="0 0 240 160" className={className} aria-hidden="true" focusable="false" data-illustration={code}>
      <Picture />
    </svg>
  );
}
