import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CourseAnnotationsSchema,
  PdfAnnotationSchema,
  type AnnotationColor,
  type CourseAnnotations,
  type CreatePdfAnnotationBody,
  type ListedPdfAnnotation,
  type PdfAnnotationAnchor,
  type UpdateAnnotationBody,
} from '@blok/contract/annotations';
import { api, newIdempotencyKey } from '../../../lib/api-client.ts';
import { outboxAll } from '../../../lib/offline/offline-db.ts';
import { sendThroughOutbox, type OutboxEntry } from '../../../lib/offline/outbox.ts';

/**
 * Her highlights and notes on her PDFs' pages (issue 41), per course: as the chapter's (decision
 * 025), every write goes through the outbox (kind 'annotation') with an id made here, and the list
 * shows the writes still waiting on top of the server's answer.
 */

export const courseAnnotationsQueryKey = (courseId: string) => ['courses', courseId, 'annotations'] as const;

const enc = encodeURIComponent;
const listPath = (courseId: string) => `courses/${enc(courseId)}/annotations`;
const createPath = (courseId: string, fileId: string) => `courses/${enc(courseId)}/files/${enc(fileId)}/annotations`;
const itemPath = (id: string) => `pdf-annotations/${enc(id)}`;

type Waiting = Pick<OutboxEntry, 'kind' | 'method' | 'path' | 'body'>;

/** The course's list with the PDF-annotation writes still waiting in the outbox applied, oldest first. */
export function withWaitingPdf(list: CourseAnnotations, waiting: readonly Waiting[], fileNames: ReadonlyMap<string, string> = new Map()): CourseAnnotations {
  let annotations = [...list.annotations];
  const now = new Date().toISOString();
  const created = new RegExp(`^courses/${enc(list.courseId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/files/([^/]+)/annotations$`);
  for (const entry of waiting) {
    if (entry.kind !== 'annotation') continue;
    const made = entry.method === 'POST' ? created.exec(entry.path) : null;
    if (made) {
      const fileId = decodeURIComponent(made[1]!);
      const body = entry.body as CreatePdfAnnotationBody;
      if (!annotations.some((a) => a.id === body.id)) annotations.push(localPdfAnnotation(list.courseId, fileId, fileNames.get(fileId) ?? '', body, now));
      continue;
    }
    if (!entry.path.startsWith('pdf-annotations/')) continue;
    const id = decodeURIComponent(entry.path.slice('pdf-annotations/'.length));
    if (entry.method === 'DELETE') annotations = annotations.filter((a) => a.id !== id);
    else if (entry.method === 'PATCH') annotations = annotations.map((a) => (a.id === id ? applyUpdate(a, entry.body as UpdateAnnotationBody, now) : a));
  }
  return { ...list, annotations };
}

function localPdfAnnotation(courseId: string, fileId: string, fileName: string, body: CreatePdfAnnotationBody, now: string): ListedPdfAnnotation {
  return { id: body.id, courseId, fileId, fileName, color: body.color, note: body.note?.trim() || null, anchor: body.anchor, createdAt: now, updatedAt: now };
}

function applyUpdate(a: ListedPdfAnnotation, body: UpdateAnnotationBody, now: string): ListedPdfAnnotation {
  return {
    ...a,
    ...(body.color !== undefined ? { color: body.color } : {}),
    ...(body.note !== undefined ? { note: body.note?.trim() || null } : {}),
    updatedAt: now,
  };
}

export const getCourseAnnotations = async (courseId: string, signal?: AbortSignal): Promise<CourseAnnotations> => {
  const list = await api.get(listPath(courseId), CourseAnnotationsSchema, { signal, skipErrorPopup: true });
  const names = new Map(list.annotations.map((a) => [a.fileId, a.fileName]));
  return withWaitingPdf(list, await outboxAll<OutboxEntry>().catch(() => []), names);
};

export const courseAnnotationsQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseAnnotationsQueryKey(courseId),
    queryFn: ({ signal }) => getCourseAnnotations(courseId, signal),
    // made on another device too: fetch again on opening
    staleTime: 0,
  });

export const useCourseAnnotations = (courseId: string) => useQuery(courseAnnotationsQueryOptions(courseId));

function edit(queryClient: QueryClient, courseId: string, change: (list: CourseAnnotations) => CourseAnnotations) {
  queryClient.setQueryData<CourseAnnotations>(courseAnnotationsQueryKey(courseId), (list) => change(list ?? { courseId, annotations: [] }));
}

export type NewPdfAnnotation = { fileId: string; fileName: string; color: AnnotationColor; note: string | null; anchor: PdfAnnotationAnchor };

/** A highlight (note null) or a note on a page: shown at once, sent through the outbox. */
export function useCreatePdfAnnotation(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewPdfAnnotation) => {
      const body: CreatePdfAnnotationBody = { id: newIdempotencyKey(), color: input.color, note: input.note, anchor: input.anchor };
      const local = localPdfAnnotation(courseId, input.fileId, input.fileName, body, new Date().toISOString());
      edit(queryClient, courseId, (list) => ({ ...list, annotations: [...list.annotations.filter((a) => a.id !== body.id), local] }));
      const result = await sendThroughOutbox(
        { kind: 'annotation', method: 'POST', path: createPath(courseId, input.fileId), body, refreshOnRefusal: [[...courseAnnotationsQueryKey(courseId)]] },
        PdfAnnotationSchema,
      );
      if (result.status === 'sent') {
        edit(queryClient, courseId, (list) => ({ ...list, annotations: list.annotations.map((a) => (a.id === body.id ? { ...a, ...result.data } : a)) }));
      }
      return local;
    },
  });
}

/** Another colour, or the note changed (null removes it). */
export function useUpdatePdfAnnotation(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateAnnotationBody & { id: string }) => {
      edit(queryClient, courseId, (list) => ({ ...list, annotations: list.annotations.map((a) => (a.id === id ? applyUpdate(a, body, new Date().toISOString()) : a)) }));
      await sendThroughOutbox({ kind: 'annotation', method: 'PATCH', path: itemPath(id), body, refreshOnRefusal: [[...courseAnnotationsQueryKey(courseId)]] }, PdfAnnotationSchema);
    },
  });
}

export function useDeletePdfAnnotation(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      edit(queryClient, courseId, (list) => ({ ...list, annotations: list.annotations.filter((a) => a.id !== id) }));
      await sendThroughOutbox(
        { kind: 'annotation', method: 'DELETE', path: itemPath(id), body: undefined, refreshOnRefusal: [[...courseAnnotationsQueryKey(courseId)]] },
        { parse: () => undefined },
      );
    },
  });
}
