import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { LibraryIcon } from '../../../components/icons/icons.tsx';
import { useIsSignedIn } from '../../../lib/auth/session.ts';
import { useContinue } from '../api/get-continue.ts';
import { BookOpenIcon, CardsIcon, QuestionIcon } from './home-icons.tsx';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import { returnToState } from '../../../lib/return-to.ts';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { CardLink } from '../../../components/ui/card-link/card-link.tsx';
import styles from './home.module.css';

type Action = { key: string; to: string; icon: ReactNode; title: string; text: string };

/** /home/shortcut: jump straight into studying, from where she was last. */
export function Shortcuts() {
  const { t } = useTranslation(['home', 'common']);
  const signedIn = useIsSignedIn();
  const cont = useContinue({ enabled: signedIn });
  const last = cont.data?.cards.find((c) => c.kind === 'reading');
  const library = paths.library.root.getHref();
  // 'Stop met vragen' in a session started from here leads back here
  const { pathname } = useLocation();
  const { flashcardsEnabled } = useFeatureFlags();

  const actions: Action[] = [
    {
      key: 'read',
      to: last ? paths.summary.read.getHref(last.summaryId, last.chapterId) : library,
      icon: <BookOpenIcon size={26} />,
      title: t('shortcut.read'),
      text: last ? t('shortcut.readText', { title: last.chapterTitle }) : t('shortcut.readTextEmpty'),
    },
    {
      key: 'questions',
      to: last ? paths.library.questionSettings.getHref(last.subjectId) : library,
      icon: <QuestionIcon size={26} />,
      title: t('shortcut.questions'),
      text: last ? t('shortcut.questionsText', { subject: last.subjectTitle }) : t('shortcut.questionsTextEmpty'),
    },
    {
      key: 'flashcards',
      to: last ? paths.library.flashcardsOverview.getHref(last.subjectId) : library,
      icon: <CardsIcon size={26} />,
      title: t('shortcut.flashcards'),
      text: last ? t('shortcut.flashcardsText', { subject: last.subjectTitle }) : t('shortcut.flashcardsTextEmpty'),
    },
    { key: 'library', to: library, icon: <LibraryIcon size={26} />, title: t('shortcut.library'), text: t('shortcut.libraryText') },
  ].filter((action) => flashcardsEnabled || action.key !== 'flashcards');

  return (
    <div className={styles.dashboard}>
      <BackLink to={paths.home.root.getHref()} className={styles.back}>
        {t('common:goHome')}
      </BackLink>
      <header className={styles.greeting}>
        <h1 className={styles.title}>{t('shortcut.title')}</h1>
        <p className={styles.lead}>{t('shortcut.text')}</p>
      </header>
      <ul className={styles.shortcutGrid}>
        {actions.map((action) => (
          <li key={action.key}>
            <CardLink
              to={action.to}
              state={action.key === 'questions' ? returnToState(pathname) : undefined}
              className={styles.shortcutAction}
              data-action={action.key}
            >
              <span className={styles.shortcutIcon} aria-hidden="true">
                {action.icon}
              </span>
              <span className={styles.shortcutActionTitle}>{action.title}</span>
              <span className={styles.shortcutActionText}>{action.text}</span>
            </CardLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
