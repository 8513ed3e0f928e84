import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PdfTextLayers, type PdfAnnotationsSlot } from '../../../components/pdf-annotations-slot/pdf-annotations-slot.ts';
import { PdfScreen } from '../../../features/courses/components/pdf-screen.tsx';
import { useCourse } from '../../../features/courses/api/get-course.ts';
import { PdfHighlights, PdfPickActions } from '../../../features/annotations/components/pdf-highlights.tsx';

/**
 * Her PDF in the viewer (features/courses) with her highlights and notes on it (features/annotations):
 * both get one PdfTextLayers, where the viewer puts each page's text layer and the highlights are
 * drawn; 'Markeer' and 'Notitie' join what she can do with a selection. A chunk of its own, with
 * pdf.js, loaded when she opens a PDF, never before: /bibliotheek/eigen-vak/:courseId/pdf/:fileId?pagina=.
 * Its loader (app/router.tsx) starts opening the file beside this chunk.
 */
export function Component() {
  const { courseId = '', fileId = '' } = useParams();
  const [search] = useSearchParams();
  const page = Number(search.get('pagina') ?? '1');
  return <PdfRoute key={`${courseId}/${fileId}`} courseId={courseId} fileId={fileId} page={Number.isInteger(page) && page > 0 ? page : 1} />;
}

export function PdfRoute({ courseId, fileId, page }: { courseId: string; fileId: string; page: number }) {
  const [layers] = useState(() => new PdfTextLayers());
  const [announcement, setAnnouncement] = useState('');
  const fileName = useCourse(courseId).data?.files.find((f) => f.id === fileId)?.name ?? '';
  const annotations = useMemo<PdfAnnotationsSlot>(
    () => ({
      layers,
      pickActions: (pick, done) => (
        <PdfPickActions
          key={`${pick.page}:${pick.text}`}
          courseId={courseId}
          fileId={fileId}
          fileName={fileName}
          layers={layers}
          pick={pick}
          onDone={done}
          onAnnounce={setAnnouncement}
        />
      ),
    }),
    [layers, courseId, fileId, fileName],
  );
  return (
    <PdfScreen
      courseId={courseId}
      fileId={fileId}
      page={page}
      annotations={annotations}
      extra={<PdfHighlights courseId={courseId} fileId={fileId} layers={layers} announcement={announcement} onAnnounce={setAnnouncement} />}
    />
  );
}
