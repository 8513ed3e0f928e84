import { useTranslation } from '../../../lib/i18n.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { useStudioMe } from '../../../features/studio/api/get-me.ts';
import { StudioHome } from '../../../features/studio/components/studio-home.tsx';

/** /studio: authors', editors' and admins' start (issue 29). A student gets the not-found text. */
export function Component() {
  const { t } = useTranslation('studio');
  const me = useStudioMe();
  return (
    <PageShell title={t('title')} intro={me.data ? t('intro') : undefined}>
      {me.isPending && <Spinner />}
      {me.isError && <Notice variant="error">{t('notFound')}</Notice>}
      {me.data && <StudioHome me={me.data} />}
    </PageShell>
  );
}
