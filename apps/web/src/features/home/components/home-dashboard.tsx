import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { ContinueCards } from './continue-cards.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';
import styles from './home.module.css';

/** Home for a signed-in student: greeting, the welcome banner and where to continue. */
export function HomeDashboard({ firstName }: { firstName?: string | undefined }) {
  const { t } = useTranslation('home');
  const name = firstName?.trim();
  return (
    <div className={styles.dashboard}>
      <header className={styles.greeting}>
        <h1 className={styles.title}>{name ? t('welcome.titleNamed', { name }) : t('welcome.title')}</h1>
        <p className={styles.lead}>{t('welcome.text')}</p>
      </header>
      <WelcomeBanner />
      <ContinueCards />
      <Link to={paths.home.shortcut.getHref()} className={styles.shortcutLink}>
        <span>
          <span className={styles.shortcutTitle}>{t('welcome.shortcuts')}</span>
          <span className={styles.shortcutText}>{t('welcome.shortcutsText')}</span>
        </span>
        <ChevronRightIcon size={20} />
      </Link>
    </div>
  );
}
