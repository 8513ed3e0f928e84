import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { CardImport } from '../../../features/card-import/components/card-import.tsx';

/** /kaarten/importeren: a new set of her own from a text or an Anki package; afterwards, that set. */
export function Component() {
  const { t } = useTranslation('cardImport');
  return (
    <PageShell title={t('title')} intro={t('intro')} back={{ to: paths.ownCards.root.getHref(), label: t('back') }}>
      <CardImport />
    </PageShell>
  );
}
