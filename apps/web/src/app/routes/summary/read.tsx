import { useParams } from 'react-router';
import { Reader } from '../../../features/summary/components/reader.tsx';

/** ReadSummary: /summary/read/{id}/{chapterId?}. */
export function Component() {
  const { id = '', chapterId } = useParams();
  return <Reader key={id} summaryId={id} chapterId={chapterId} />;
}
