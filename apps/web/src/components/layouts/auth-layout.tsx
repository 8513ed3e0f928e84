import { Link, Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../config/paths.ts';
import { AuthHeaderIllustration } from '../illustrations/auth-header-illustration.tsx';
import { Logo } from '../illustrations/logo.tsx';
import { useFocusHeadingOnNavigate } from './use-focus-heading.ts';
import styles from './auth-layout.module.css';

const MAIN_ID = 'main';

/** The shared layout of the /auth routes: header image, logo and a centred card. */
export function AuthLayout() {
  const { t } = useTranslation(['auth', 'common']);
  useFocusHeadingOnNavigate(MAIN_ID);
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <AuthHeaderIllustration className={styles.heroArt} sideClassName={{ left: styles.artLeft, right: styles.artRight }} />
        <div className={styles.heroContent}>
          <Link to={paths.home.root.getHref()} className={styles.logoLink}>
            <Logo variant="white" height={40} title={t('common:toHome')} />
          </Link>
          <p className={styles.tagline}>{t('layout.tagline')}</p>
        </div>
      </header>
      <main id={MAIN_ID} className={styles.main}>
        <div className={styles.card}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
