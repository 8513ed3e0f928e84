import { useParams } from 'react-router';
import { ChapterList } from '../../../features/summary/components/chapter-list.tsx';

/** ChaptersSummary: /summary/read/{id}/chapters. */
export function Component() {
  const { id = '' } = useParams();
  return <ChapterList key={id} summaryId={id} />;
}
