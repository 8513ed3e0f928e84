import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('home.shortcut.title')}
      intro={t('home.shortcut.text')}
      back={{ to: paths.home.root.getHref(), label: t('common.goHome') }}
    />
  );
}
