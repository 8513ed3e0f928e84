import { useParams, useSearchParams } from 'react-router';
import { PdfScreen } from '../../../features/courses/components/pdf-screen.tsx';

/** /bibliotheek/eigen-vak/:courseId/pdf/:fileId?pagina=: one of her PDFs in the viewer (its own lazy chunk with pdf.js). */
export function Component() {
  const { courseId = '', fileId = '' } = useParams();
  const [search] = useSearchParams();
  const page = Number(search.get('pagina') ?? '1');
  return <PdfScreen key={`${courseId}/${fileId}`} courseId={courseId} fileId={fileId} page={Number.isInteger(page) && page > 0 ? page : 1} />;
}
