import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation('profile');
  return (
    <PageShell
      title={t('push.title')}
      intro={t('push.text')}
      back={{ to: paths.profile.root.getHref(), label: t('push.back') }}
    />
  );
}
