import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAdminCatalogue } from '../../../features/studio/catalogue/api.ts';
import { CatalogueAdmin } from '../../../features/studio/catalogue/catalogue-admin.tsx';

/** /studio/catalogus: the catalogue for admins (decision 031). Anyone else gets the not-found text. */
export function Component() {
  const { t } = useTranslation('studioCatalogue');
  const catalogue = useAdminCatalogue();
  return (
    <PageShell title={t('title')} intro={catalogue.data ? t('intro') : undefined} back={{ to: paths.studio.root.getHref(), label: t('back') }}>
      {catalogue.isPending && <Spinner />}
      {catalogue.isError && <Notice variant="error">{catalogue.error instanceof ApiError && catalogue.error.status === 404 ? t('notFound') : t('loadError')}</Notice>}
      {catalogue.data && <CatalogueAdmin data={catalogue.data} />}
    </PageShell>
  );
}
