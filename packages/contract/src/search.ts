import { z } from 'zod/mini';

/*
 * The one search (issue 41, decision 040): her PDFs' pages, her own cards and Blok's summaries,
 * accents and case folded, best match first. Only what is hers or Blok's is ever found.
 */

export const SEARCH_QUERY_MAX = 200;
/** Most hits one search answers. */
export const SEARCH_HITS_MAX = 20;

/** GET /search?q= */
export const SearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'Typ waar je naar zoekt.'), z.maxLength(SEARCH_QUERY_MAX, `Een zoekvraag is hoogstens ${SEARCH_QUERY_MAX} tekens.`)),
});

/** A piece of the found text, with the found words' places (start, end) in it. */
export const SearchSnippetSchema = z.object({ text: z.string(), marks: z.array(z.tuple([z.number(), z.number()])) });

export const SearchHitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), courseId: z.string(), courseName: z.string(), fileId: z.string(), fileName: z.string(), page: z.number(), snippet: SearchSnippetSchema }),
  z.object({ kind: z.literal('card'), setId: z.string(), setTitle: z.string(), cardId: z.string(), snippet: SearchSnippetSchema }),
  z.object({ kind: z.literal('chapter'), summaryId: z.string(), summaryTitle: z.string(), chapterId: z.string(), chapterTitle: z.string(), snippet: SearchSnippetSchema }),
]);
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultSchema = z.object({ query: z.string(), hits: z.array(SearchHitSchema) });
export type SearchResult = z.infer<typeof SearchResultSchema>;
