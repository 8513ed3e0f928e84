import { useParams } from 'react-router';
import { AnnotationList } from '../../../features/annotations/components/annotation-list.tsx';
import { useSummary } from '../../../features/summary/api/get-summary.ts';

/** 'Mijn markeringen': /summary/read/{id}/markeringen, with the summary's chapters for their headings. */
export function Component() {
  const { id = '' } = useParams();
  const summary = useSummary(id);
  return <AnnotationList key={id} summaryId={id} summary={summary} />;
}
