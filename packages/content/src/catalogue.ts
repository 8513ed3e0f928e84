/**
 * The demo onboarding catalogue (spec section 3, "Onboarding data"): the seed of the catalogue
 * tables. Since decision 031 the catalogue lives in the database and admins edit it in the studio;
 * the API puts this list in once, on a fresh database (apps/api/src/catalogue). Changing it here
 * changes nothing in a database that was already seeded.
 *
 * Registration's Welcome step fills its three dependent dropdowns from the catalogue:
 * university -> study -> year layer. Each year layer carries a sample course (courseInfo)
 * that the welcome screen shows.
 *
 * Ids are stable slugs. Study ids are shared across universities for the same field
 * (course content is matched on study id + year id, see `audiences` in schema.ts), so the
 * same id can carry the university's own display name (e.g. UvA's "Economie en
 * Bedrijfskunde" is the `economie-en-bedrijfseconomie` field).
 */

export interface CourseInfo {
  vaknaam: string;
  percentage: number;
  header_afbeelding: string;
  titeltekst: string;
  bodytekst: string;
}

export interface CatalogueYear {
  id: string;
  name: string;
  courseInfo: CourseInfo;
}

export interface CatalogueStudy {
  id: string;
  name: string;
  years: CatalogueYear[];
}

export interface CatalogueUniversity {
  id: string;
  name: string;
  shortName: string;
  studies: CatalogueStudy[];
}

/** Image codes the web app has an illustration for. */
export const HEADER_IMAGES = ['boeken', 'collegezaal', 'laptop', 'bibliotheek', 'studeren', 'examen'] as const;
export type HeaderImage = (typeof HEADER_IMAGES)[number];

/** The standard year layers every study has, in dropdown order. */
export const STANDARD_YEAR_IDS = ['bachelor-1', 'bachelor-2', 'bachelor-3', 'master'] as const;
type StandardYearId = (typeof STANDARD_YEAR_IDS)[number];

const STANDARD_YEAR_NAMES: Record<StandardYearId, string> = {
  'bachelor-1': 'Bachelor 1',
  'bachelor-2': 'Bachelor 2',
  'bachelor-3': 'Bachelor 3',
  master: 'Master',
};

interface SampleCourse {
  vaknaam: string;
  afbeelding: HeaderImage;
}

interface StudyField {
  /** default Dutch display name */
  name: string;
  courses: Record<StandardYearId, SampleCourse>;
}

/** Study fields with a typical course per standard year layer. Keys are the shared study ids. */
const FIELDS = {
  psychologie: {
    name: 'Psychologie',
    courses: {
      'bachelor-1': { vaknaam: 'Inleiding in de psychologie', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Psychodiagnostiek', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Psychopathologie', afbeelding: 'examen' },
      master: { vaknaam: 'Psychologische interventies', afbeelding: 'bibliotheek' },
    },
  },
  'pedagogische-wetenschappen': {
    name: 'Pedagogische Wetenschappen',
    courses: {
      'bachelor-1': { vaknaam: 'Inleiding in de pedagogiek', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Ontwikkelingsstoornissen', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Gezinspedagogiek', afbeelding: 'examen' },
      master: { vaknaam: 'Jeugdzorg en jeugdbeleid', afbeelding: 'bibliotheek' },
    },
  },
  rechtsgeleerdheid: {
    name: 'Rechtsgeleerdheid',
    courses: {
      'bachelor-1': { vaknaam: 'Inleiding tot het recht', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Bestuursrecht', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Ondernemingsrecht', afbeelding: 'examen' },
      master: { vaknaam: 'Arbeidsrecht', afbeelding: 'bibliotheek' },
    },
  },
  'notarieel-recht': {
    name: 'Notarieel Recht',
    courses: {
      'bachelor-1': { vaknaam: 'Personen- en familierecht', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Erfrecht', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Huwelijksvermogensrecht', afbeelding: 'examen' },
      master: { vaknaam: 'Notariële praktijk', afbeelding: 'bibliotheek' },
    },
  },
  'economie-en-bedrijfseconomie': {
    name: 'Economie en Bedrijfseconomie',
    courses: {
      'bachelor-1': { vaknaam: 'Micro-economie', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Bedrijfsfinanciering', afbeelding: 'laptop' },
      'bachelor-3': { vaknaam: 'Internationale economie', afbeelding: 'examen' },
      master: { vaknaam: 'Gedragseconomie', afbeelding: 'bibliotheek' },
    },
  },
  bedrijfskunde: {
    name: 'Bedrijfskunde',
    courses: {
      'bachelor-1': { vaknaam: 'Organisatiegedrag', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Marketingmanagement', afbeelding: 'laptop' },
      'bachelor-3': { vaknaam: 'Strategisch management', afbeelding: 'examen' },
      master: { vaknaam: 'Verandermanagement', afbeelding: 'bibliotheek' },
    },
  },
  geneeskunde: {
    name: 'Geneeskunde',
    courses: {
      'bachelor-1': { vaknaam: 'Anatomie', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Fysiologie', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Farmacologie', afbeelding: 'examen' },
      master: { vaknaam: 'Klinisch redeneren', afbeelding: 'studeren' },
    },
  },
  'biomedische-wetenschappen': {
    name: 'Biomedische Wetenschappen',
    courses: {
      'bachelor-1': { vaknaam: 'Celbiologie', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Immunologie', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Neurowetenschappen', afbeelding: 'examen' },
      master: { vaknaam: 'Translationeel onderzoek', afbeelding: 'laptop' },
    },
  },
  communicatiewetenschap: {
    name: 'Communicatiewetenschap',
    courses: {
      'bachelor-1': { vaknaam: 'Inleiding communicatiewetenschap', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Mediapsychologie', afbeelding: 'laptop' },
      'bachelor-3': { vaknaam: 'Persuasieve communicatie', afbeelding: 'examen' },
      master: { vaknaam: 'Corporate communicatie', afbeelding: 'bibliotheek' },
    },
  },
  bestuurskunde: {
    name: 'Bestuurskunde',
    courses: {
      'bachelor-1': { vaknaam: 'Inleiding bestuurskunde', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Beleidsanalyse', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Openbaar management', afbeelding: 'examen' },
      master: { vaknaam: 'Publiek leiderschap', afbeelding: 'bibliotheek' },
    },
  },
  informatica: {
    name: 'Informatica',
    courses: {
      'bachelor-1': { vaknaam: 'Inleiding programmeren', afbeelding: 'laptop' },
      'bachelor-2': { vaknaam: 'Datastructuren en algoritmen', afbeelding: 'laptop' },
      'bachelor-3': { vaknaam: 'Besturingssystemen', afbeelding: 'examen' },
      master: { vaknaam: 'Machinaal leren', afbeelding: 'studeren' },
    },
  },
  'econometrie-en-operationele-research': {
    name: 'Econometrie en Operationele Research',
    courses: {
      'bachelor-1': { vaknaam: 'Lineaire algebra', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Kansrekening en statistiek', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Tijdreeksanalyse', afbeelding: 'examen' },
      master: { vaknaam: 'Kwantitatieve financiering', afbeelding: 'laptop' },
    },
  },
  gezondheidswetenschappen: {
    name: 'Gezondheidswetenschappen',
    courses: {
      'bachelor-1': { vaknaam: 'Gezondheid en maatschappij', afbeelding: 'collegezaal' },
      'bachelor-2': { vaknaam: 'Epidemiologie', afbeelding: 'boeken' },
      'bachelor-3': { vaknaam: 'Gezondheidsbeleid', afbeelding: 'examen' },
      master: { vaknaam: 'Gezondheidseconomie', afbeelding: 'bibliotheek' },
    },
  },
} satisfies Record<string, StudyField>;

type FieldId = keyof typeof FIELDS;

interface MscDef {
  /** slug after "msc-" */
  slug: string;
  /** programme name without the "MSc " prefix */
  name: string;
  vaknaam: string;
  afbeelding: HeaderImage;
}

interface StudyDef {
  field: FieldId;
  /** the university's own display name when it differs from the field's default */
  name?: string;
  msc?: MscDef[];
}

interface UniversityDef {
  id: string;
  name: string;
  shortName: string;
  /** "at <university>" as used in the copy, e.g. "aan de UvA" */
  aan: string;
  percentage: number;
  studies: StudyDef[];
}

const UNIVERSITIES: UniversityDef[] = [
  {
    id: 'uva',
    name: 'Universiteit van Amsterdam',
    shortName: 'UvA',
    aan: 'aan de UvA',
    percentage: 72,
    studies: [
      {
        field: 'psychologie',
        msc: [
          {
            slug: 'klinische-psychologie',
            name: 'Klinische Psychologie',
            vaknaam: 'Diagnostiek en behandeling van psychische stoornissen',
            afbeelding: 'studeren',
          },
        ],
      },
      { field: 'rechtsgeleerdheid' },
      { field: 'notarieel-recht' },
      { field: 'economie-en-bedrijfseconomie', name: 'Economie en Bedrijfskunde' },
      { field: 'geneeskunde' },
      { field: 'communicatiewetenschap' },
    ],
  },
  {
    id: 'vu',
    name: 'Vrije Universiteit Amsterdam',
    shortName: 'VU',
    aan: 'aan de VU',
    percentage: 92,
    studies: [
      {
        field: 'psychologie',
        msc: [
          {
            slug: 'klinische-psychologie',
            name: 'Klinische Psychologie',
            vaknaam: 'Cognitieve gedragstherapie',
            afbeelding: 'studeren',
          },
        ],
      },
      { field: 'pedagogische-wetenschappen' },
      { field: 'rechtsgeleerdheid' },
      { field: 'notarieel-recht' },
      { field: 'bedrijfskunde' },
      { field: 'geneeskunde' },
    ],
  },
  {
    id: 'uu',
    name: 'Universiteit Utrecht',
    shortName: 'UU',
    aan: 'aan de Universiteit Utrecht',
    percentage: 78,
    studies: [
      {
        field: 'psychologie',
        msc: [
          {
            slug: 'klinische-psychologie',
            name: 'Klinische Psychologie',
            vaknaam: 'Evidence-based behandelen',
            afbeelding: 'studeren',
          },
          {
            slug: 'neuropsychologie',
            name: 'Neuropsychologie',
            vaknaam: 'Neuropsychologische diagnostiek',
            afbeelding: 'bibliotheek',
          },
        ],
      },
      {
        field: 'pedagogische-wetenschappen',
        msc: [
          {
            slug: 'orthopedagogiek',
            name: 'Orthopedagogiek',
            vaknaam: 'Orthopedagogische diagnostiek',
            afbeelding: 'studeren',
          },
        ],
      },
      { field: 'rechtsgeleerdheid' },
      { field: 'economie-en-bedrijfseconomie' },
      { field: 'informatica' },
      { field: 'biomedische-wetenschappen' },
    ],
  },
  {
    id: 'ul',
    name: 'Universiteit Leiden',
    shortName: 'Leiden',
    aan: 'aan de Universiteit Leiden',
    percentage: 86,
    studies: [
      {
        field: 'psychologie',
        msc: [
          {
            slug: 'klinische-psychologie',
            name: 'Klinische Psychologie',
            vaknaam: 'Psychotherapie bij angst en depressie',
            afbeelding: 'studeren',
          },
          {
            slug: 'klinische-neuropsychologie',
            name: 'Klinische Neuropsychologie',
            vaknaam: 'Neuropsychologische revalidatie',
            afbeelding: 'bibliotheek',
          },
        ],
      },
      { field: 'pedagogische-wetenschappen' },
      { field: 'rechtsgeleerdheid' },
      { field: 'notarieel-recht' },
      { field: 'bestuurskunde' },
      { field: 'geneeskunde' },
    ],
  },
  {
    id: 'rug',
    name: 'Rijksuniversiteit Groningen',
    shortName: 'RUG',
    aan: 'aan de RUG',
    percentage: 48,
    studies: [
      {
        field: 'psychologie',
        msc: [
          {
            slug: 'klinische-neuropsychologie',
            name: 'Klinische Neuropsychologie',
            vaknaam: 'Neuropsychologische stoornissen',
            afbeelding: 'studeren',
          },
        ],
      },
      {
        field: 'pedagogische-wetenschappen',
        msc: [
          {
            slug: 'orthopedagogiek',
            name: 'Orthopedagogiek',
            vaknaam: 'Diagnostiek en interventie bij gedragsproblemen',
            afbeelding: 'studeren',
          },
        ],
      },
      { field: 'rechtsgeleerdheid' },
      { field: 'economie-en-bedrijfseconomie' },
      { field: 'bedrijfskunde' },
      { field: 'informatica' },
    ],
  },
  {
    id: 'eur',
    name: 'Erasmus Universiteit Rotterdam',
    shortName: 'EUR',
    aan: 'aan de Erasmus Universiteit',
    percentage: 87,
    studies: [
      { field: 'economie-en-bedrijfseconomie' },
      { field: 'bedrijfskunde' },
      { field: 'rechtsgeleerdheid' },
      {
        field: 'psychologie',
        msc: [
          {
            slug: 'klinische-psychologie',
            name: 'Klinische Psychologie',
            vaknaam: 'Klinische gespreksvoering',
            afbeelding: 'studeren',
          },
        ],
      },
      { field: 'geneeskunde' },
      { field: 'bestuurskunde' },
    ],
  },
  {
    id: 'ru',
    name: 'Radboud Universiteit',
    shortName: 'RU',
    aan: 'aan de Radboud Universiteit',
    percentage: 76,
    studies: [
      { field: 'psychologie' },
      { field: 'pedagogische-wetenschappen' },
      { field: 'rechtsgeleerdheid' },
      { field: 'economie-en-bedrijfseconomie' },
      { field: 'bedrijfskunde' },
      { field: 'communicatiewetenschap' },
    ],
  },
  {
    id: 'tiu',
    name: 'Tilburg University',
    shortName: 'TiU',
    aan: 'aan Tilburg University',
    percentage: 67,
    studies: [
      {
        field: 'psychologie',
        msc: [
          {
            slug: 'medische-psychologie',
            name: 'Medische Psychologie',
            vaknaam: 'Psychologie bij chronische ziekten',
            afbeelding: 'studeren',
          },
        ],
      },
      { field: 'rechtsgeleerdheid' },
      { field: 'notarieel-recht' },
      { field: 'economie-en-bedrijfseconomie' },
      { field: 'econometrie-en-operationele-research' },
      { field: 'bestuurskunde' },
    ],
  },
  {
    id: 'um',
    name: 'Maastricht University',
    shortName: 'UM',
    aan: 'aan Maastricht University',
    percentage: 81,
    studies: [
      { field: 'geneeskunde' },
      { field: 'gezondheidswetenschappen' },
      { field: 'biomedische-wetenschappen' },
      { field: 'psychologie' },
      { field: 'rechtsgeleerdheid', name: 'Nederlands Recht' },
    ],
  },
];

function courseInfo(
  uni: UniversityDef,
  studyName: string,
  vaknaam: string,
  afbeelding: HeaderImage,
): CourseInfo {
  return {
    vaknaam,
    percentage: uni.percentage,
    header_afbeelding: afbeelding,
    titeltekst: `Haal je tentamen ${vaknaam}`,
    bodytekst:
      `${uni.percentage}% van je medestudenten ${studyName} ${uni.aan} studeert al met Blok. ` +
      `Met samenvattingen, oefenvragen en flashcards haal jij ${vaknaam} ook in één keer.`,
  };
}

function buildStudy(uni: UniversityDef, def: StudyDef): CatalogueStudy {
  const field: StudyField = FIELDS[def.field];
  const name = def.name ?? field.name;
  const years: CatalogueYear[] = STANDARD_YEAR_IDS.map((yearId) => {
    const course = field.courses[yearId];
    return {
      id: yearId,
      name: STANDARD_YEAR_NAMES[yearId],
      courseInfo: courseInfo(uni, name, course.vaknaam, course.afbeelding),
    };
  });
  for (const msc of def.msc ?? []) {
    years.push({
      id: `msc-${msc.slug}`,
      name: `MSc ${msc.name}`,
      courseInfo: courseInfo(uni, name, msc.vaknaam, msc.afbeelding),
    });
  }
  return { id: def.field, name, years };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** All universities in dropdown order. Frozen: treat as read-only. */
export const CATALOGUE: readonly CatalogueUniversity[] = deepFreeze(
  UNIVERSITIES.map(
    (uni): CatalogueUniversity => ({
      id: uni.id,
      name: uni.name,
      shortName: uni.shortName,
      studies: uni.studies.map((s) => buildStudy(uni, s)),
    }),
  ),
);

export function findUniversity(id: string): CatalogueUniversity | undefined {
  return CATALOGUE.find((u) => u.id === id);
}

export function findStudy(universityId: string, studyId: string): CatalogueStudy | undefined {
  return findUniversity(universityId)?.studies.find((s) => s.id === studyId);
}

export function findYear(universityId: string, studyId: string, yearId: string): CatalogueYear | undefined {
  return findStudy(universityId, studyId)?.years.find((y) => y.id === yearId);
}

/** true when the triple exists in the catalogue */
export function isValidChoice(universityId: string, studyId: string, yearId: string): boolean {
  return findYear(universityId, studyId, yearId) !== undefined;
}
