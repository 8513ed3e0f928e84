import type { Catalogue, CourseInfo } from '@blok/contract';
import { earlierYears } from '@blok/content/related';

/**
 * The Welcome step's sample course tells the truth (issue 13): a study year without any subject in
 * Blok gets no 'Haal je tentamen …' promise and no share of fellow students, but says what her
 * library will hold instead. `layers` holds `${study}|${year}` of every year that has a subject.
 */
export function withAvailability(catalogue: Catalogue, layers: ReadonlySet<string>): Catalogue {
  return {
    universities: catalogue.universities.map((university) => ({
      ...university,
      studies: university.studies.map((study) => ({
        ...study,
        years: study.years.map((year) => ({
          ...year,
          courseInfo: layers.has(`${study.id}|${year.id}`) ? { ...year.courseInfo, available: true } : unavailable(year.courseInfo, year.id),
        })),
      })),
    })),
  };
}

function unavailable(course: CourseInfo, yearId: string): CourseInfo {
  const instead =
    earlierYears(yearId).length > 0
      ? 'In je bibliotheek vind je de vakken uit de eerdere jaren van je studie en vakken van verwante studies, en via Zoeken elk vak van Blok.'
      : 'In je bibliotheek vind je vakken van verwante studies, en via Zoeken elk vak van Blok.';
  return {
    ...course,
    titeltekst: `Nog geen samenvatting voor ${course.vaknaam}`,
    bodytekst: `Voor ${course.vaknaam} heeft Blok nog geen samenvatting, oefenvragen of flashcards. ${instead}`,
    available: false,
  };
}
