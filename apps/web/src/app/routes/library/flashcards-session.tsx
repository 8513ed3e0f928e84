import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

/** The flashcards session runs full screen: the route hides the navigation bar. */
export function Component() {
  const { t } = useTranslation();
  const { subjectId = '' } = useParams();
  return (
    <PageShell
      title={t('library.flashcards.title')}
      intro={t('library.flashcards.text')}
      back={{ to: paths.library.flashcardsOverview.getHref(subjectId), label: t('library.flashcards.stop') }}
    />
  );
}
