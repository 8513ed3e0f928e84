import type { ErrorCode } from '@blok/contract';

/** HTTP status for each machine-readable error code. */
const STATUS: Record<ErrorCode, number> = {
  invalid_credentials: 400,
  email_already_exist: 409,
  invalid_password_length: 400,
  invalid_email: 400,
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_token: 401,
  device_revoked: 401,
  unauthorized: 401,
  too_many_requests: 429,
  validation_failed: 400,
  forbidden: 403,
  premium_required: 403,
  not_found: 404,
  conflict: 409,
  answer_locked: 409,
  invalid_number: 400,
  subscription_active: 409,
  payment_final: 409,
  payment_provider_unavailable: 502,
  invalid_idempotency_key: 400,
  idempotency_key_reused: 422,
  request_in_progress: 409,
  database_unavailable: 503,
  file_too_large: 413,
  unsupported_file_type: 415,
  invalid_current_password: 400,
  weak_password: 400,
  password_too_long: 400,
  invalid_reset_token: 400,
  push_endpoint_refused: 400,
  share_link_revoked: 410,
  limit_reached: 409,
  content_invalid: 400,
  last_admin: 409,
  import_too_many_cards: 413,
  import_unsafe_file: 422,
  import_damaged: 422,
  import_empty: 422,
  import_has_problems: 422,
  import_busy: 429,
  mock_exam_closed: 409,
  mock_exam_limit: 409,
  catalogue_in_use: 409,
  catalogue_exists: 409,
  subject_needs_a_year: 409,
  pdf_not_a_pdf: 415,
  pdf_too_many_pages: 413,
  pdf_damaged: 422,
  storage_quota_exceeded: 413,
  pdf_busy: 429,
  range_not_satisfiable: 416,
  question_key_invalid: 400,
  unknown: 500,
};

/** A domain error: a code the client can act on, and a Dutch description a person can read. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** each refused field with its Dutch message (sent as the answer's `fields`) */
  fields?: Array<{ field: string; message: string }>;

  withFields(fields: Array<{ field: string; message: string }>): this {
    this.fields = fields;
    return this;
  }

  get statusCode(): number {
    return STATUS[this.code];
  }
}

export const notFound = (what = 'Niet gevonden') => new AppError('not_found', what);
