import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('profile.push.title')}
      intro={t('profile.push.text')}
      back={{ to: paths.profile.root.getHref(), label: t('profile.push.back') }}
    />
  );
}
