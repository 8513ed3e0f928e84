import type { ReactElement } from 'react';
import type { TutorialStepId } from '../utils/steps.ts';

// Decorative drawings of each step: the text beside them says everything that matters.
const INDIGO = '#3730a3';
const INDIGO_MID = '#6366f1';
const INDIGO_LIGHT = '#c7cbff';
const SOFT = '#e8eaff';
const AMBER = '#f59e0b';
const AMBER_LIGHT = '#fde68a';
const TEAL = '#14b8a6';
const TEAL_LIGHT = '#ccfbf1';
const PINK = '#f472b6';
const GREEN = '#16a34a';
const WHITE = '#ffffff';

/** A phone with a screen; the step draws inside the screen (x 84..156, y 22..138). */
const Phone = ({ children }: { children: ReactElement }) => (
  <>
    <ellipse cx="120" cy="150" rx="80" ry="7" fill={SOFT} />
    <rect x="76" y="8" width="88" height="140" rx="14" fill={INDIGO} />
    <rect x="82" y="18" width="76" height="122" rx="8" fill={WHITE} />
    <rect x="108" y="12" width="24" height="3" rx="1.5" fill={INDIGO_MID} />
    {children}
  </>
);

const Bibliotheek = () => (
  <Phone>
    <>
      <rect x="88" y="26" width="64" height="8" rx="4" fill={SOFT} />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x="88" y={42 + i * 30} width="64" height="24" rx="5" fill={[INDIGO_LIGHT, TEAL_LIGHT, AMBER_LIGHT][i]} />
          <rect x="93" y={47 + i * 30} width="14" height="14" rx="3" fill={[INDIGO, TEAL, AMBER][i]} />
          <rect x="111" y={49 + i * 30} width="34" height="4" rx="2" fill={INDIGO} />
          <rect x="111" y={56 + i * 30} width="22" height="3" rx="1.5" fill={INDIGO_MID} />
        </g>
      ))}
      <circle cx="178" cy="44" r="14" fill={AMBER} />
      <path d="M172 44h12M178 38v12" stroke={WHITE} strokeWidth="3" strokeLinecap="round" />
    </>
  </Phone>
);

const Samenvattingen = () => (
  <Phone>
    <>
      <rect x="88" y="26" width="48" height="6" rx="3" fill={INDIGO} />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect key={i} x="88" y={40 + i * 9} width={i % 3 === 2 ? 44 : 64} height="4" rx="2" fill={INDIGO_LIGHT} />
      ))}
      <rect x="88" y="108" width="64" height="4" rx="2" fill={SOFT} />
      <rect x="88" y="108" width="30" height="4" rx="2" fill={TEAL} />
      <path d="M40 60h26v60H40z" fill={AMBER_LIGHT} />
      <path d="M40 60h26v10H40z" fill={AMBER} />
      <path d="M188 50l14 -8v60l-14 8z" fill={PINK} />
    </>
  </Phone>
);

const Oefenvragen = () => (
  <Phone>
    <>
      <rect x="88" y="26" width="64" height="5" rx="2.5" fill={SOFT} />
      <rect x="88" y="26" width="40" height="5" rx="2.5" fill={INDIGO_MID} />
      <rect x="88" y="38" width="60" height="5" rx="2.5" fill={INDIGO} />
      <rect x="88" y="46" width="44" height="5" rx="2.5" fill={INDIGO} />
      {[0, 1, 2].map((i) => (
        <rect key={i} x="88" y={60 + i * 18} width="64" height="13" rx="4" fill={i === 1 ? '#dcfce7' : SOFT} stroke={i === 1 ? GREEN : 'none'} strokeWidth="1.5" />
      ))}
      <path d="M140 81l4 4 7-8" stroke={GREEN} strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="186" cy="104" r="20" fill={GREEN} />
      <text x="186" y="110" textAnchor="middle" fontSize="16" fontWeight="700" fill={WHITE} fontFamily="sans-serif">
        8,5
      </text>
    </>
  </Phone>
);

const Flashcards = () => (
  <>
    <ellipse cx="120" cy="146" rx="86" ry="8" fill={SOFT} />
    <rect x="58" y="40" width="104" height="78" rx="10" fill={TEAL} transform="rotate(-10 110 79)" />
    <rect x="78" y="34" width="104" height="78" rx="10" fill={WHITE} stroke={INDIGO} strokeWidth="3" />
    <rect x="96" y="60" width="68" height="7" rx="3.5" fill={INDIGO} />
    <rect x="106" y="74" width="48" height="5" rx="2.5" fill={INDIGO_LIGHT} />
    <path d="M170 30l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill={AMBER} />
    <path d="M110 128c10 8 30 8 40 0" stroke={INDIGO_MID} strokeWidth="3" fill="none" strokeLinecap="round" />
    <path d="M146 124l5 4-6 3" stroke={INDIGO_MID} strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </>
);

const Shop = () => (
  <>
    <ellipse cx="120" cy="146" rx="86" ry="8" fill={SOFT} />
    <rect x="66" y="40" width="108" height="88" rx="12" fill={INDIGO} />
    <path d="M120 52l8 16 18 3-13 12 3 18-16-8-16 8 3-18-13-12 18-3z" fill={AMBER} />
    <rect x="86" y="108" width="68" height="10" rx="5" fill={WHITE} />
    <circle cx="186" cy="54" r="16" fill={AMBER_LIGHT} />
    <text x="186" y="59" textAnchor="middle" fontSize="14" fontWeight="700" fill={INDIGO} fontFamily="sans-serif">
      €
    </text>
  </>
);

const Herinneringen = () => (
  <Phone>
    <>
      <text x="120" y="52" textAnchor="middle" fontSize="20" fontWeight="700" fill={INDIGO} fontFamily="sans-serif">
        19:00
      </text>
      <rect x="86" y="66" width="68" height="30" rx="6" fill={SOFT} />
      <rect x="91" y="72" width="12" height="12" rx="3" fill={INDIGO} />
      <rect x="107" y="73" width="40" height="4" rx="2" fill={INDIGO} />
      <rect x="107" y="81" width="30" height="3" rx="1.5" fill={INDIGO_MID} />
      <path d="M186 84c0-12 6-20 14-20s14 8 14 20v8l4 6h-36l4-6z" fill={AMBER} transform="translate(-16 -30)" />
      <circle cx="184" cy="72" r="4" fill={AMBER} />
    </>
  </Phone>
);

const Installeren = () => (
  <Phone>
    <>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <rect key={i} x={90 + (i % 3) * 22} y={30 + Math.floor(i / 3) * 24} width="16" height="16" rx="4" fill={[INDIGO_LIGHT, TEAL_LIGHT, AMBER_LIGHT][i % 3]} />
      ))}
      <rect x="90" y="80" width="16" height="16" rx="4" fill={INDIGO} />
      <text x="98" y="92" textAnchor="middle" fontSize="11" fontWeight="800" fill={WHITE} fontFamily="sans-serif">
        B
      </text>
      <path d="M178 70v-30M170 48l8-8 8 8" stroke={TEAL} strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="166" y="72" width="24" height="4" rx="2" fill={TEAL} />
    </>
  </Phone>
);

const DRAWINGS: Record<TutorialStepId, () => ReactElement> = {
  bibliotheek: Bibliotheek,
  samenvattingen: Samenvattingen,
  oefenvragen: Oefenvragen,
  flashcards: Flashcards,
  shop: Shop,
  herinneringen: Herinneringen,
  installeren: Installeren,
};

export function TutorialIllustration({ step, className }: { step: TutorialStepId; className?: string }) {
  const Drawing = DRAWINGS[step];
  return (
    <svg className={className} viewBox="0 0 240 160" aria-hidden="true" focusable="false">
      <Drawing />
    </svg>
  );
}
