import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkList, PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageShell
      title={t('library.subject.title')}
      intro={t('library.subject.text')}
      back={{ to: paths.library.root.getHref(), label: t('library.subject.back') }}
    >
      <LinkList
        label={t('library.subject.title')}
        links={[
          { to: paths.summary.read.getHref(id), label: t('library.subject.toSummary') },
          { to: paths.library.questionSettings.getHref(id), label: t('library.subject.toQuestions') },
          { to: paths.library.flashcardsOverview.getHref(id), label: t('library.subject.toFlashcards') },
        ]}
      />
    </PageShell>
  );
}
