import type { Catalogue } from '@blok/contract/catalogue';

/** The Welcome step's choice, as catalogue ids; '' means not chosen. */
export type StudyChoice = { university: string; study: string; year: string };

export const EMPTY_CHOICE: StudyChoice = { university: '', study: '', year: '' };

/** Changing the university clears study and year (spec section 4). */
export const chooseUniversity = (choice: StudyChoice, university: string): StudyChoice =>
  university === choice.university ? choice : { university, study: '', year: '' };

/** Changing the study clears the year. */
export const chooseStudy = (choice: StudyChoice, study: string): StudyChoice =>
  study === choice.study ? choice : { ...choice, study, year: '' };

export const chooseYear = (choice: StudyChoice, year: string): StudyChoice => ({ ...choice, year });

export const isChoiceComplete = (choice: StudyChoice): boolean =>
  choice.university !== '' && choice.study !== '' && choice.year !== '';

type University = Catalogue['universities'][number];
type Study = University['studies'][number];
type Year = Study['years'][number];

export function findUniversity(catalogue: Catalogue | undefined, id: string): University | undefined {
  return catalogue?.universities.find((u) => u.id === id);
}

export function findStudy(university: University | undefined, id: string): Study | undefined {
  return university?.studies.find((s) => s.id === id);
}

export function findYear(study: Study | undefined, id: string): Year | undefined {
  return study?.years.find((y) => y.id === id);
}

/** Names for the chosen ids; an id the catalogue does not know is shown as it is. */
export function resolveChoiceNames(catalogue: Catalogue | undefined, choice: StudyChoice): StudyChoice {
  const university = findUniversity(catalogue, choice.university);
  const study = findStudy(university, choice.study);
  const year = findYear(study, choice.year);
  return {
    university: university?.name ?? choice.university,
    study: study?.name ?? choice.study,
    year: year?.name ?? choice.year,
  };
}
