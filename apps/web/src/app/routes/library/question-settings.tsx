import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { subjectId = '' } = useParams();
  return (
    <PageShell
      title={t('library.questionSettings.title')}
      intro={t('library.questionSettings.text')}
      back={{ to: paths.library.subject.getHref(subjectId), label: t('library.questionSettings.back') }}
    />
  );
}
