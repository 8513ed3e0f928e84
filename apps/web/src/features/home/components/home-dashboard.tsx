import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { useHomeBanner } from '../api/get-home-banner.ts';
import { ContinueCards } from './continue-cards.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';
import styles from './home.module.css';

/** An account younger than this is greeted as new ('Welkom bij Blok'), not 'Welkom terug'. */
export const NEW_STUDENT_MS = 24 * 60 * 60 * 1000;

export const isNewStudent = (createdAt: string | undefined, nowMs = Date.now()): boolean =>
  createdAt !== undefined && nowMs - Date.parse(createdAt) < NEW_STUDENT_MS;

type HomeDashboardProps = {
  firstName?: string | undefined;
  isNew?: boolean;
  /** What to study when her library is empty (the route composes the library's suggestions). */
  suggestions?: ReactNode;
  /** Today's study plan ('Vandaag'; the route composes the plan feature's). */
  today?: ReactNode;
};

/**
 * Home for a signed-in student: greeting, the welcome banner and where to continue. With an empty
 * library (a later year without a course yet, issue 26) it says so and shows what she can add.
 */
export function HomeDashboard({ firstName, isNew = false, suggestions, today }: HomeDashboardProps) {
  const { t } = useTranslation('home');
  const isEmpty = useHomeBanner().data?.message === 'empty';
  const name = firstName?.trim();
  const lead = isEmpty ? (isNew ? t('welcome.textNewEmpty') : t('welcome.textEmpty')) : isNew ? t('welcome.textNew') : t('welcome.text');
  const title = isNew ? (name ? t('welcome.titleNewNamed', { name }) : t('welcome.titleNew')) : name ? t('welcome.titleNamed', { name }) : t('welcome.title');
  return (
    <div className={styles.dashboard}>
      <header className={styles.greeting}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
      </header>
      <WelcomeBanner />
      {!isEmpty && today}
      {isEmpty && suggestions}
      {isEmpty && (
        <Link to={paths.library.root.getHref()} className={styles.shortcutLink}>
          <span>
            <span className={styles.shortcutTitle}>{t('suggest.search')}</span>
            <span className={styles.shortcutText}>{t('suggest.searchText')}</span>
          </span>
          <ChevronRightIcon size={20} />
        </Link>
      )}
      <ContinueCards hideWhenEmpty={isEmpty} />
      <Link to={paths.home.shortcut.getHref()} className={styles.shortcutLink}>
        <span>
          <span className={styles.shortcutTitle}>{t('welcome.shortcuts')}</span>
          <span className={styles.shortcutText}>{t('welcome.shortcutsText')}</span>
        </span>
        <ChevronRightIcon size={20} />
      </Link>
      <Link to={paths.tutorial.root.getHref()} className={styles.shortcutLink}>
        <span>
          <span className={styles.shortcutTitle}>{t('welcome.tutorial')}</span>
          <span className={styles.shortcutText}>{t('welcome.tutorialText')}</span>
        </span>
        <ChevronRightIcon size={20} />
      </Link>
    </div>
  );
}
