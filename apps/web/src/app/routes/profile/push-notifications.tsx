import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { usePushPreference } from '../../../features/push/api/get-push-preference.ts';
import { PushPreferencesForm } from '../../../features/push/components/push-preferences-form.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';

export function Component() {
  const { t } = useTranslation(['profile', 'common']);
  const preference = usePushPreference();
  return (
    <PageShell title={t('push.title')} intro={t('push.intro')} back={{ to: paths.profile.root.getHref(), label: t('push.back') }}>
      {!preference.isFetchedAfterMount && !preference.isError && (
        <LoadingRow label={t('common:loading')} />
      )}
      {preference.isError && (
        <Notice variant="error" role="alert">
          {t('push.loadError')}
        </Notice>
      )}
      {preference.data && preference.isFetchedAfterMount && <PushPreferencesForm initial={preference.data} />}
    </PageShell>
  );
}
