import { useParams } from 'react-router';
import { AnnotationList } from '../../../features/summary/annotations/annotation-list.tsx';

/** 'Mijn markeringen': /summary/read/{id}/markeringen. */
export function Component() {
  const { id = '' } = useParams();
  return <AnnotationList key={id} summaryId={id} />;
}
