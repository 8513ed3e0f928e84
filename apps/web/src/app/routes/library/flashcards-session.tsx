import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

/** The flashcards session runs full screen: the route hides the navigation bar. */
export function Component() {
  const { t } = useTranslation('library');
  const { subjectId = '' } = useParams();
  return (
    <PageShell
      title={t('flashcards.title')}
      intro={t('flashcards.text')}
      back={{ to: paths.library.flashcardsOverview.getHref(subjectId), label: t('flashcards.stop') }}
    />
  );
}
