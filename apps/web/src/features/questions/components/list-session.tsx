import { useTranslation } from '../../../lib/i18n.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useListSession } from '../hooks/use-list-session.ts';
import { QuestionSession } from './question-session.tsx';
import { SessionLoading, SessionStateBlock } from '../../../components/ui/session-state/session-state.tsx';

type ListSessionProps = {
  questionListId: string;
  /** where to go back to, given the chapter the list practises */
  exitHref: (chapterId: string | null) => string;
};

/** Practice from the reader: resumes her open session of the list or starts one, then answers. */
export function ListSession({ questionListId, exitHref }: ListSessionProps) {
  const { t } = useTranslation('questions');
  const { query: resolved, replaceSession } = useListSession(questionListId);

  if (resolved.isPending) {
    return (
      <SessionStateBlock>
        <h1>{t('summary.title')}</h1>
        <SessionLoading label={t('session.loading')} />
      </SessionStateBlock>
    );
  }
  if (resolved.isError) {
    const notFound = resolved.error instanceof ApiError && (resolved.error.status === 404 || resolved.error.status === 400);
    return (
      <SessionStateBlock>
        <h1>{t('summary.title')}</h1>
        <Notice variant="error" role="alert" title={notFound ? t('session.listNotFoundTitle') : t('session.errorTitle')}>
          {notFound ? t('session.listNotFound') : t('session.error')}
        </Notice>
        <ButtonLink to={exitHref(null)} variant="secondary" fullWidth>
          {t('session.back')}
        </ButtonLink>
      </SessionStateBlock>
    );
  }
  return (
    <QuestionSession
      key={resolved.data.sessionId}
      sessionId={resolved.data.sessionId}
      exitTo={exitHref(resolved.data.chapterId)}
      onSessionReplaced={replaceSession}
    />
  );
}
