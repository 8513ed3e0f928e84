import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkList, PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { subjectId = '' } = useParams();
  return (
    <PageShell
      title={t('library.flashcardsOverview.title')}
      intro={t('library.flashcardsOverview.text')}
      back={{ to: paths.library.subject.getHref(subjectId), label: t('library.flashcardsOverview.back') }}
    >
      <LinkList
        label={t('library.flashcardsOverview.title')}
        links={[
          { to: paths.library.flashcardsSettings.getHref(subjectId), label: t('library.flashcardsOverview.toSettings') },
          { to: paths.library.flashcardsFavoritesSettings.getHref(subjectId), label: t('library.flashcardsOverview.toFavorites') },
        ]}
      />
    </PageShell>
  );
}
