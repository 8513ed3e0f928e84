import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { ButtonLink } from '../../components/ui/button/button.tsx';
import { PageShell } from '../../components/layouts/page-shell.tsx';

export function Component() {
  const { t } = useTranslation('common');
  return (
    <PageShell title={t('notFound.title')}>
      {/* The spec's sentence, verbatim (it is English in the spec). */}
      <p lang="en">{t('notFound.text')}</p>
      <p style={{ color: 'var(--color-text-muted)', margin: '8px 0 24px' }}>{t('notFound.hint')}</p>
      <ButtonLink to={paths.home.root.getHref()}>{t('goHome')}</ButtonLink>
    </PageShell>
  );
}
