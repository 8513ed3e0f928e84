import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageShell
      title={t('summary.chapters.title')}
      intro={t('summary.chapters.text')}
      back={{ to: paths.summary.read.getHref(id), label: t('summary.chapters.back') }}
    />
  );
}
