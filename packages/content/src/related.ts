/**
 * Which studies are related, and which year layers come before another: what the library's
 * 'Populair bij jouw studie' suggests to a student of a later year (issue 13). Keys and values are
 * the catalogue's shared study ids (catalogue.ts).
 */
import { STANDARD_YEAR_IDS } from './catalogue.ts';

/** Studies whose subjects a student of the key study often follows or finds useful, closest first. */
export const RELATED_STUDIES: Readonly<Record<string, readonly string[]>> = {
  psychologie: ['pedagogische-wetenschappen', 'gezondheidswetenschappen'],
  'pedagogische-wetenschappen': ['psychologie'],
  rechtsgeleerdheid: ['notarieel-recht', 'bestuurskunde'],
  'notarieel-recht': ['rechtsgeleerdheid'],
  'economie-en-bedrijfseconomie': ['bedrijfskunde', 'econometrie-en-operationele-research'],
  bedrijfskunde: ['economie-en-bedrijfseconomie', 'communicatiewetenschap'],
  geneeskunde: ['biomedische-wetenschappen', 'gezondheidswetenschappen'],
  'biomedische-wetenschappen': ['geneeskunde', 'gezondheidswetenschappen'],
  communicatiewetenschap: ['bedrijfskunde', 'psychologie'],
  bestuurskunde: ['rechtsgeleerdheid', 'communicatiewetenschap'],
  informatica: ['econometrie-en-operationele-research'],
  'econometrie-en-operationele-research': ['economie-en-bedrijfseconomie', 'informatica'],
  gezondheidswetenschappen: ['geneeskunde', 'biomedische-wetenschappen'],
};

export function relatedStudies(studyId: string): readonly string[] {
  return RELATED_STUDIES[studyId] ?? [];
}

/**
 * The year layers before this one: none for Bachelor 1, the bachelor years before it for Bachelor
 * 2 and 3, all three bachelor years for the master and every MSc layer.
 */
export function earlierYears(yearId: string): string[] {
  const bachelors = STANDARD_YEAR_IDS.filter((y) => y !== 'master');
  const index = (bachelors as readonly string[]).indexOf(yearId);
  if (index >= 0) return bachelors.slice(0, index);
  return [...bachelors];
}
