// Tables of the author studio (issue 29, decision 026): who writes which subject, a subject's draft
// and its review, its releases, and the audit log of every change.
// Owner: apps/api/src/studio. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** An author (or editor) assigned to a subject: she may write its draft. */
export interface StudioAssignmentsTable {
  user_id: string;
  subject_id: string;
  created_at: string;
}

/** The one draft of a subject: the studio's document (JSON) and where its review stands. */
export interface StudioDraftsTable {
  subject_id: string;
  /** StudioDocument as JSON */
  document: string;
  /** 'draft', 'in_review' or 'sent_back' */
  status: string;
  /** the editor's comment when she sent it back */
  comment: string;
  updated_by: string;
  updated_at: string;
}

/** A published release of a subject: what students see is the latest one. */
export interface StudioReleasesTable {
  id: string;
  subject_id: string;
  /** 1, 2, 3, ... per subject */
  number: number;
  /** StudioDocument as JSON, as published */
  document: string;
  /** JSON array of Dutch lines: what changed since the release before */
  changes: string;
  /** the release it brought back (a roll-back), or null */
  restored_from: number | null;
  published_by: string;
  published_at: string;
}

/** Every change in the studio: who (her e-mail as it was), what, when. */
export interface StudioAuditTable {
  id: string;
  user_id: string | null;
  user_email: string;
  subject_id: string | null;
  action: string;
  detail: string;
  created_at: string;
}

/** The tables owned by studio: their names as Kysely sees them. */
export interface StudioTables {
  studio_assignments: StudioAssignmentsTable;
  studio_drafts: StudioDraftsTable;
  studio_releases: StudioReleasesTable;
  studio_audit: StudioAuditTable;
}
