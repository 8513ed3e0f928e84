import { Link, Outlet, useMatches } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { useIsSignedIn } from '../../lib/auth/session.ts';
import { buttonClassName } from '../ui/button/button.tsx';
import { Logo } from '../illustrations/logo.tsx';
import { NavBar } from './nav-bar.tsx';
import { useFocusHeadingOnNavigate } from './use-focus-heading.ts';
import styles from './app-layout.module.css';

/** Route `handle` fields the layout reads. */
export type RouteHandle = {
  /** Full-screen flows (the flashcards session) hide the navigation bar. */
  hideNavigation?: boolean;
};

const MAIN_ID = 'main';

/** The shell of every screen outside /auth: header with logo, navigation bar, main content. */
export function AppLayout() {
  const { t } = useTranslation(['common', 'home']);
  const signedIn = useIsSignedIn();
  const matches = useMatches();
  const hiddenByRoute = matches.some((m) => Boolean((m.handle as RouteHandle | undefined)?.hideNavigation));
  const showNav = signedIn && !hiddenByRoute;
  useFocusHeadingOnNavigate(MAIN_ID);

  return (
    <div className={styles.shell} data-nav={showNav ? 'visible' : 'hidden'}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to={paths.home.root.getHref()} className={styles.logoLink}>
            <Logo height={32} title={t('toHome')} />
          </Link>
          {showNav && <NavBar />}
          {!signedIn && (
            <Link to={paths.auth.login.getHref()} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              {t('home:landing.login')}
            </Link>
          )}
        </div>
      </header>
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
