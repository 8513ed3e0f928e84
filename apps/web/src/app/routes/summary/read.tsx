import { useParams } from 'react-router';
import { Reader } from '../../../features/summary/components/reader.tsx';
import { ChapterAnnotations } from '../../../features/annotations/components/chapter-annotations.tsx';
import { WithReportControl } from '../../report-control.tsx';

/** ReadSummary: /summary/read/{id}/{chapterId?}. */
export function Component() {
  const { id = '', chapterId } = useParams();
  return (
    <WithReportControl>
      <Reader key={id} summaryId={id} chapterId={chapterId} overlay={ChapterAnnotations} />
    </WithReportControl>
  );
}
