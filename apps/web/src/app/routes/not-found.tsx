import { paths } from '../../config/paths.ts';
import { useIsSignedIn } from '../../lib/auth/session.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { ButtonLink } from '../../components/ui/button/button.tsx';
import { PageShell } from '../../components/layouts/page-shell.tsx';
import styles from './not-found.module.css';

/**
 * An address the app does not know (any unmatched path, and /not-found): says so and leads on, to
 * Home and her library when signed in, to Home and login when not. The address stays as she typed
 * it, so she can correct it.
 */
export function Component() {
  const { t } = useTranslation('common');
  const signedIn = useIsSignedIn();
  return (
    <PageShell title={t('notFound.title')} intro={t('notFound.text')}>
      <p className={styles.hint}>{signedIn ? t('notFound.hintSignedIn') : t('notFound.hintSignedOut')}</p>
      <nav className={styles.actions} aria-label={t('notFound.waysOn')}>
        <ButtonLink to={paths.home.root.getHref()}>{t('goHome')}</ButtonLink>
        {signedIn ? (
          <ButtonLink to={paths.library.root.getHref()} variant="secondary">
            {t('toLibrary')}
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.auth.login.getHref()} variant="secondary">
            {t('notFound.toLogin')}
          </ButtonLink>
        )}
      </nav>
    </PageShell>
  );
}
