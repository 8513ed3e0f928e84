import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation('shop');
  return <PageShell title={t('title')} intro={t('text')} />;
}
