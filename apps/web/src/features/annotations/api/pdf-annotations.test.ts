import { describe, expect, it } from 'vitest';
import type { CourseAnnotations, CreatePdfAnnotationBody } from '@blok/contract/annotations';
import { withWaitingPdf } from './pdf-annotations.ts';

const COURSE = '0190c0de-0000-7000-8000-000000000001';
const FILE = '0190c0de-0000-7000-8000-000000000002';
const anchor = { page: 2, quote: { exact: 'gedrag', prefix: 'wanneer ', suffix: ' en' }, position: { start: 8, end: 14 } };

const listed: CourseAnnotations = {
  courseId: COURSE,
  annotations: [
    { id: 'a', courseId: COURSE, fileId: FILE, fileName: 'Hoorcollege 3.pdf', color: 'yellow', note: null, anchor, createdAt: 't', updatedAt: 't' },
    { id: 'b', courseId: COURSE, fileId: FILE, fileName: 'Hoorcollege 3.pdf', color: 'blue', note: 'x', anchor, createdAt: 't', updatedAt: 't' },
  ],
};

describe('her PDF highlights with the writes still waiting', () => {
  it('shows a waiting create, change and delete on top of the server’s list, and only this course’s', () => {
    const made: CreatePdfAnnotationBody = { id: 'c', color: 'green', note: '  Vraag  ', anchor };
    const result = withWaitingPdf(
      listed,
      [
        { kind: 'annotation', method: 'POST', path: `courses/${COURSE}/files/${FILE}/annotations`, body: made },
        { kind: 'annotation', method: 'POST', path: `courses/0190c0de-0000-7000-8000-00000000ffff/files/${FILE}/annotations`, body: { ...made, id: 'elsewhere' } },
        { kind: 'annotation', method: 'PATCH', path: 'pdf-annotations/a', body: { note: 'Herlezen' } },
        { kind: 'annotation', method: 'DELETE', path: 'pdf-annotations/b', body: undefined },
        // a chapter's waiting delete is not one of these
        { kind: 'annotation', method: 'DELETE', path: 'annotations/a', body: undefined },
        { kind: 'progress', method: 'PUT', path: 'pdf-annotations/a', body: {} },
      ],
      new Map([[FILE, 'Hoorcollege 3.pdf']]),
    );
    expect(result.annotations.map((a) => [a.id, a.color, a.note, a.fileName])).toEqual([
      ['a', 'yellow', 'Herlezen', 'Hoorcollege 3.pdf'],
      ['c', 'green', 'Vraag', 'Hoorcollege 3.pdf'],
    ]);
  });
});
