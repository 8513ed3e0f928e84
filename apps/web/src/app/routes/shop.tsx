import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  return <PageShell title={t('shop.title')} intro={t('shop.text')} />;
}
