import { z } from 'zod/mini';

/**
 * Machine-readable error codes the API answers with, in the RFC 6749 shape
 * `{ error, error_description }`. The web app maps them to Dutch texts.
 */
export const ERROR_CODES = [
  // auth (spec section 8)
  'invalid_credentials',
  'email_already_exist',
  'invalid_password_length',
  'invalid_email',
  // OAuth2 / request shape
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_token',
  'device_revoked',
  'unauthorized',
  'too_many_requests',
  // resources
  'validation_failed',
  'forbidden',
  'premium_required',
  'not_found',
  'conflict',
  'answer_locked',
  /** a numeric answer (issue 40) is no number the app can read: nothing is stored, she may try again */
  'invalid_number',
  // shop
  /** she already has a Premium subscription that renews */
  'subscription_active',
  /** the payment is final and cannot change any more */
  'payment_final',
  /** the payment provider could not be reached or refused the payment */
  'payment_provider_unavailable',
  // commands (decision 007): Idempotency-Key
  /** the Idempotency-Key header is not a UUID */
  'invalid_idempotency_key',
  /** the same Idempotency-Key came with another request (method, path or body) */
  'idempotency_key_reused',
  /** the first request with this Idempotency-Key is still being processed */
  'request_in_progress',
  /** the database cannot be reached right now; retry after Retry-After seconds */
  'database_unavailable',
  // profile, password change and reset (issue 11)
  /** an uploaded file is larger than the rule allows (profile picture: 5 MB) */
  'file_too_large',
  /** an uploaded file is not (really) one of the allowed types */
  'unsupported_file_type',
  /** the current password given to change it is wrong */
  'invalid_current_password',
  /** a new password does not meet passwordSecurity */
  'weak_password',
  /** a new password is longer than MAX_PASSWORD_LENGTH characters */
  'password_too_long',
  /** a password reset link is unknown, used or expired */
  'invalid_reset_token',
  // push (decision 016)
  /** a push subscription's endpoint is not https, not a known push service, or not a public address */
  'push_endpoint_refused',
  // own flashcards (issue 28)
  /** the owner revoked this share link */
  'share_link_revoked',
  /** a limit of her own sets, cards or pictures is reached (OWN_* in own-cards.ts) */
  'limit_reached',
  // studio (issue 29)
  /** the draft does not pass the importer's checks; `fields` names each problem's place */
  'content_invalid',
  /** the account is the last admin: taking her role would leave the studio without one */
  'last_admin',
  // card import (issue 28, decision 024)
  /** the file has more cards than an import takes (CARD_IMPORT_MAX_CARDS) */
  'import_too_many_cards',
  /** the file is hostile: a name pointing outside the package, a database with unknown tables */
  'import_unsafe_file',
  /** the file cannot be read: damaged, or an unknown version */
  'import_damaged',
  /** the file holds no cards */
  'import_empty',
  /** some cards have a problem and she did not choose to leave them out (skipProblems) */
  'import_has_problems',
  /** her previous file is still being read, or the parsing queue is full: retry after Retry-After seconds (issue 38) */
  'import_busy',
  // mock exams (decision 022)
  /** the mock exam is closed (handed in, or its time is up): no answer is taken any more */
  'mock_exam_closed',
  /** she started MOCK_EXAMS_PER_DAY mock exams of this subject in the last 24 hours (issue 40) */
  'mock_exam_limit',
  // the catalogue in the studio (decision 031): still chosen by a student, the id is taken, a subject's last year
  'catalogue_in_use',
  'catalogue_exists',
  'subject_needs_a_year',
  // her own courses and their PDFs (issue 41, decision 039)
  /** the file is not a PDF (its first bytes are not %PDF-) */
  'pdf_not_a_pdf',
  /** the PDF has, or claims, more pages than COURSE_FILE_MAX_PAGES */
  'pdf_too_many_pages',
  /** the PDF cannot be read within the time and memory a check may take: damaged, or built to exhaust a reader */
  'pdf_damaged',
  /** her files would take more than her storage (COURSE_STORAGE_*_MB) */
  'storage_quota_exceeded',
  /** her previous PDF is still being checked, or the checking queue is full: retry after Retry-After seconds */
  'pdf_busy',
  /** a Range header past the end of the file */
  'range_not_satisfiable',
  /** her own question's key is refused by @blok/domain/own-questions (each problem in `fields`, at `key.<field>`) */
  'question_key_invalid',
  'unknown',
] as const;

/** A machine-readable API error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every 4xx/5xx answer of the API. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
  /** invalid_request for the body's shape: each refused field with its Dutch message (issue 26) */
  fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
