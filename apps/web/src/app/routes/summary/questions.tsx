import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { ListSession } from '../../../features/questions/components/list-session.tsx';
import { WithReportControl } from '../../report-control.tsx';

/** /summary/questions/{summaryId}/{questionListId?}: practise a chapter's questions from the reader. */
export function Component() {
  const { t } = useTranslation('questions');
  const { summaryId = '', questionListId } = useParams();
  if (!questionListId) {
    return (
      <PageShell
        title={t('summary.title')}
        intro={t('summary.noListText')}
        back={{ to: paths.summary.read.getHref(summaryId), label: t('summary.back') }}
      />
    );
  }
  return (
    <WithReportControl>
      <ListSession
        key={questionListId}
        questionListId={questionListId}
        exitHref={(chapterId) => paths.summary.read.getHref(summaryId, chapterId ?? undefined)}
      />
    </WithReportControl>
  );
}
