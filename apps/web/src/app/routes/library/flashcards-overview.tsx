import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkList, PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation('library');
  const { subjectId = '' } = useParams();
  return (
    <PageShell
      title={t('flashcardsOverview.title')}
      intro={t('flashcardsOverview.text')}
      back={{ to: paths.library.subject.getHref(subjectId), label: t('flashcardsOverview.back') }}
    >
      <LinkList
        label={t('flashcardsOverview.title')}
        links={[
          { to: paths.library.flashcardsSettings.getHref(subjectId), label: t('flashcardsOverview.toSettings') },
          { to: paths.library.flashcardsFavoritesSettings.getHref(subjectId), label: t('flashcardsOverview.toFavorites') },
        ]}
      />
    </PageShell>
  );
}
