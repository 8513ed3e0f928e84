import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AnnotationSchema,
  SummaryAnnotationsSchema,
  type AnnotationAnchor,
  type AnnotationColor,
  type CreateAnnotationBody,
  type ListedAnnotation,
  type SummaryAnnotations,
  type UpdateAnnotationBody,
} from '@blok/contract/annotations';
import { api, newIdempotencyKey } from '../../../lib/api-client.ts';
import { outboxAll } from '../../../lib/offline/offline-db.ts';
import { sendThroughOutbox, type OutboxEntry } from '../../../lib/offline/outbox.ts';

/**
 * Her highlights and notes (issue 28, decision 025). Every write goes through the outbox (decision
 * 013, kind 'annotation') with an id made here, so one made offline can be changed or deleted
 * before it reached the server, and each is sent exactly once. The list shows the writes still
 * waiting on top of the server's answer, so a refetch never hides what she just did.
 */

export const annotationsQueryKey = (summaryId: string) => ['summaries', summaryId, 'annotations'] as const;

const listPath = (summaryId: string) => `summaries/${encodeURIComponent(summaryId)}/annotations`;
const itemPath = (id: string) => `annotations/${encodeURIComponent(id)}`;

type Waiting = Pick<OutboxEntry, 'kind' | 'method' | 'path' | 'body'>;

/** The list with the annotation writes still waiting in the outbox applied, oldest first. */
export function withWaiting(list: SummaryAnnotations, waiting: readonly Waiting[]): SummaryAnnotations {
  let annotations = [...list.annotations];
  const now = new Date().toISOString();
  for (const entry of waiting) {
    if (entry.kind !== 'annotation') continue;
    if (entry.method === 'POST' && entry.path === listPath(list.summaryId)) {
      const body = entry.body as CreateAnnotationBody;
      if (!annotations.some((a) => a.id === body.id)) annotations.push(localAnnotation(list.summaryId, body, now));
      continue;
    }
    const id = decodeURIComponent(entry.path.replace(/^annotations\//, ''));
    if (entry.method === 'DELETE') annotations = annotations.filter((a) => a.id !== id);
    else if (entry.method === 'PATCH') annotations = annotations.map((a) => (a.id === id ? applyUpdate(a, entry.body as UpdateAnnotationBody, now) : a));
  }
  return { ...list, annotations };
}

function localAnnotation(summaryId: string, body: CreateAnnotationBody, now: string): ListedAnnotation {
  return {
    id: body.id,
    summaryId,
    chapterId: body.chapterId,
    color: body.color,
    note: body.note?.trim() || null,
    anchor: body.anchor,
    createdAt: now,
    updatedAt: now,
    chapterTitleText: null,
    chapterNumber: null,
    // made in the text she sees: found where she made it
    found: { start: body.anchor.position.start, end: body.anchor.position.end, moved: false },
  };
}

function applyUpdate(a: ListedAnnotation, body: UpdateAnnotationBody, now: string): ListedAnnotation {
  return {
    ...a,
    ...(body.color !== undefined ? { color: body.color } : {}),
    ...(body.note !== undefined ? { note: body.note?.trim() || null } : {}),
    updatedAt: now,
  };
}

export const getAnnotations = async (summaryId: string, signal?: AbortSignal): Promise<SummaryAnnotations> => {
  const list = await api.get(listPath(summaryId), SummaryAnnotationsSchema, { signal, skipErrorPopup: true });
  return withWaiting(list, await outboxAll<OutboxEntry>().catch(() => []));
};

export const annotationsQueryOptions = (summaryId: string) =>
  queryOptions({
    queryKey: annotationsQueryKey(summaryId),
    queryFn: ({ signal }) => getAnnotations(summaryId, signal),
    // made on another device too: fetch again on opening
    staleTime: 0,
  });

export const useAnnotations = (summaryId: string) => useQuery(annotationsQueryOptions(summaryId));

function edit(queryClient: QueryClient, summaryId: string, change: (list: SummaryAnnotations) => SummaryAnnotations) {
  queryClient.setQueryData<SummaryAnnotations>(annotationsQueryKey(summaryId), (list) => change(list ?? { summaryId, annotations: [] }));
}

export type NewAnnotation = { chapterId: string; chapterTitleText: string; chapterNumber: number; color: AnnotationColor; note: string | null; anchor: AnnotationAnchor };

/** Highlight (note null) or note: shown at once, sent through the outbox. */
export function useCreateAnnotation(summaryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewAnnotation) => {
      const body: CreateAnnotationBody = { id: newIdempotencyKey(), chapterId: input.chapterId, color: input.color, note: input.note, anchor: input.anchor };
      const local = { ...localAnnotation(summaryId, body, new Date().toISOString()), chapterTitleText: input.chapterTitleText, chapterNumber: input.chapterNumber };
      edit(queryClient, summaryId, (list) => ({ ...list, annotations: [...list.annotations.filter((a) => a.id !== body.id), local] }));
      const result = await sendThroughOutbox(
        { kind: 'annotation', method: 'POST', path: listPath(summaryId), body, refreshOnRefusal: [[...annotationsQueryKey(summaryId)]] },
        AnnotationSchema,
      );
      if (result.status === 'sent') {
        edit(queryClient, summaryId, (list) => ({ ...list, annotations: list.annotations.map((a) => (a.id === body.id ? { ...a, ...result.data } : a)) }));
      }
      return local;
    },
  });
}

/** Another colour, or the note changed (null removes it). */
export function useUpdateAnnotation(summaryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateAnnotationBody & { id: string }) => {
      edit(queryClient, summaryId, (list) => ({ ...list, annotations: list.annotations.map((a) => (a.id === id ? applyUpdate(a, body, new Date().toISOString()) : a)) }));
      await sendThroughOutbox({ kind: 'annotation', method: 'PATCH', path: itemPath(id), body, refreshOnRefusal: [[...annotationsQueryKey(summaryId)]] }, AnnotationSchema);
    },
  });
}

export function useDeleteAnnotation(summaryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      edit(queryClient, summaryId, (list) => ({ ...list, annotations: list.annotations.filter((a) => a.id !== id) }));
      await sendThroughOutbox({ kind: 'annotation', method: 'DELETE', path: itemPath(id), body: undefined, refreshOnRefusal: [[...annotationsQueryKey(summaryId)]] }, { parse: () => undefined });
    },
  });
}

/**
 * Undo of a delete: the same highlight or note again, with its own id, through the create call (the
 * API stores a deleted id anew). Shown at once where it was in the list; the outbox sends the create
 * after the delete, in the order she did them.
 */
export function useRestoreAnnotation(summaryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ annotation, index }: { annotation: ListedAnnotation; index: number }) => {
      const body: CreateAnnotationBody = { id: annotation.id, chapterId: annotation.chapterId, color: annotation.color, note: annotation.note, anchor: annotation.anchor };
      edit(queryClient, summaryId, (list) => {
        const others = list.annotations.filter((a) => a.id !== annotation.id);
        return { ...list, annotations: [...others.slice(0, index), annotation, ...others.slice(index)] };
      });
      const result = await sendThroughOutbox(
        { kind: 'annotation', method: 'POST', path: listPath(summaryId), body, refreshOnRefusal: [[...annotationsQueryKey(summaryId)]] },
        AnnotationSchema,
      );
      if (result.status === 'sent') {
        edit(queryClient, summaryId, (list) => ({ ...list, annotations: list.annotations.map((a) => (a.id === body.id ? { ...a, ...result.data } : a)) }));
      }
    },
  });
}
