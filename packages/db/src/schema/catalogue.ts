// Tables of the onboarding catalogue (issue 29, decision 031): universities, their studies, the
// year layers of a study with the sample course the Welcome step shows, and the catalogue's version.
// Owner: apps/api/src/catalogue. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

export interface CatalogueUniversitiesTable {
  id: string;
  name: string;
  short_name: string;
  /** dropdown order */
  position: number;
}

/** A study at a university. Its id is the shared study id (subjects' audiences name it). */
export interface CatalogueStudiesTable {
  university_id: string;
  id: string;
  name: string;
  position: number;
}

/** A year layer of a study at a university, with its sample course (courseInfo). */
export interface CatalogueYearsTable {
  university_id: string;
  study_id: string;
  id: string;
  name: string;
  position: number;
  vaknaam: string;
  percentage: number;
  header_image: string;
  title: string;
  body: string;
}

/**
 * One row (id 1): `version` grows with every change (the API processes' caches compare it);
 * `seeded` is 1 once the demo catalogue was put in, so it is put in once.
 */
export interface CatalogueMetaTable {
  id: number;
  version: number;
  seeded: number;
}

/** The tables owned by catalogue: their names as Kysely sees them. */
export interface CatalogueTables {
  catalogue_universities: CatalogueUniversitiesTable;
  catalogue_studies: CatalogueStudiesTable;
  catalogue_years: CatalogueYearsTable;
  catalogue_meta: CatalogueMetaTable;
}
