import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { subjectId = '' } = useParams();
  return (
    <PageShell
      title={t('library.flashcardsFavorites.title')}
      intro={t('library.flashcardsFavorites.text')}
      back={{ to: paths.library.flashcardsOverview.getHref(subjectId), label: t('library.flashcardsFavorites.back') }}
    />
  );
}
