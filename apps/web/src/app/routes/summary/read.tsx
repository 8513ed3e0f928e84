import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkList, PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageShell
      title={t('summary.read.title')}
      intro={t('summary.read.text')}
      back={{ to: paths.library.root.getHref(), label: t('summary.read.back') }}
    >
      <LinkList label={t('summary.read.title')} links={[{ to: paths.summary.chapters.getHref(id), label: t('summary.read.toChapters') }]} />
    </PageShell>
  );
}
