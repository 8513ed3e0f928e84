import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation('library');
  const { subjectId = '' } = useParams();
  return (
    <PageShell
      title={t('flashcardsFavorites.title')}
      intro={t('flashcardsFavorites.text')}
      back={{ to: paths.library.flashcardsOverview.getHref(subjectId), label: t('flashcardsFavorites.back') }}
    />
  );
}
