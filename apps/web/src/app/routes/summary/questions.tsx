import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { summaryId = '' } = useParams();
  return (
    <PageShell
      title={t('summary.questions.title')}
      intro={t('summary.questions.text')}
      back={{ to: paths.summary.read.getHref(summaryId), label: t('summary.questions.back') }}
    />
  );
}
