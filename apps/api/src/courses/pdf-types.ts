/** What the PDF checking thread is asked (issue 41, decision 039). */
export interface PdfCheckRequest {
  /** the spooled upload on disk; the thread reads it itself (the API process never holds it whole) */
  path: string;
  maxPages: number;
  /** longest text kept of one page, characters */
  maxPageChars: number;
}

export type PdfCheckResponse =
  | { ok: true; pages: string[]; /** the byte ranges pdf.js reads for the first pages (formatRanges), or null */ opening: string | null }
  | { ok: false; code: 'pdf_not_a_pdf' | 'pdf_too_many_pages' | 'pdf_damaged'; message: string };

/** Longest text kept of one page for search: a dense page of a reader is about 6,000 characters. */
export const MAX_PAGE_CHARS = 20_000;
