import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ReadingContinueCard } from '@blok/contract/library';
import type { QuestionsContinueCard } from '@blok/contract/questions';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { ChevronRightIcon, LibraryIcon } from '../../../components/icons/icons.tsx';
import { useContinue } from '../api/get-continue.ts';
import { returnToState } from '../../../lib/return-to.ts';
import { BookOpenIcon, QuestionIcon } from './home-icons.tsx';
import { CardLink } from '../../../components/ui/card-link/card-link.tsx';
import styles from './home.module.css';

function ReadingCard({ card }: { card: ReadingContinueCard }) {
  const { t } = useTranslation('home');
  const percent = Math.round(card.position * 100);
  return (
    <CardLink to={paths.summary.read.getHref(card.summaryId, card.chapterId)} className={styles.continueCard}>
      <span className={styles.continueIcon} aria-hidden="true">
        <BookOpenIcon size={22} />
      </span>
      <span className={styles.continueBody}>
        <span className={styles.continueSubject}>{card.subjectTitle}</span>
        <span className={styles.continueTitle}>
          {t('continue.chapter', { number: card.chapterNumber, title: card.chapterTitle })}
        </span>
        <span className={styles.continueMeta}>{t('continue.chapterOf', { number: card.chapterNumber, count: card.chapterCount, summary: card.summaryTitle })}</span>
        <span className={styles.continueProgress} aria-hidden="true">
          <span style={{ width: `${Math.max(3, percent)}%` }} />
        </span>
        <span className={styles.continueAction}>
          {t('continue.read', { percent })}
          <ChevronRightIcon size={18} />
        </span>
      </span>
    </CardLink>
  );
}

function QuestionsCard({ card }: { card: QuestionsContinueCard }) {
  const { t } = useTranslation('home');
  const href = paths.library.questions.getHref(card.sessionId, card.subjectId, card.questionListId ?? undefined);
  // 'Stop met vragen' leads back here, not to the subject
  const { pathname } = useLocation();
  const number = Math.min(card.currentIndex + 1, card.questionsCount);
  return (
    <CardLink to={href} state={returnToState(pathname)} className={styles.continueCard}>
      <span className={styles.continueIcon} aria-hidden="true">
        <QuestionIcon size={22} />
      </span>
      <span className={styles.continueBody}>
        <span className={styles.continueSubject}>{card.subjectTitle}</span>
        <span className={styles.continueTitle}>{card.title}</span>
        <span className={styles.continueMeta}>{t('continue.questionOf', { number, count: card.questionsCount })}</span>
        <span className={styles.continueProgress} aria-hidden="true">
          <span style={{ width: `${Math.max(3, card.progress)}%` }} />
        </span>
        <span className={styles.continueAction}>
          {t('continue.practise', { percent: card.progress })}
          <ChevronRightIcon size={18} />
        </span>
      </span>
    </CardLink>
  );
}

/**
 * Home's 'verder studeren' cards (GET home/continue), by kind. `hideWhenEmpty`: with nothing to
 * continue the section is left out (an empty library has its own suggestions instead).
 */
export function ContinueCards({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const { t } = useTranslation('home');
  const cont = useContinue();
  if (hideWhenEmpty && (cont.isError || cont.data?.cards.length === 0)) return null;
  return (
    <section aria-labelledby="home-continue-title" className={styles.section}>
      <h2 id="home-continue-title" className={styles.sectionTitle}>
        {t('continue.title')}
      </h2>
      {cont.isPending && <div className={styles.cardSkeleton} aria-hidden="true" />}
      {cont.data && cont.data.cards.length > 0 && (
        <ul className={styles.continueList}>
          {cont.data.cards.map((card) => (
            <li key={card.kind === 'reading' ? `reading-${card.summaryId}` : `questions-${card.sessionId}`}>
              {card.kind === 'reading' ? <ReadingCard card={card} /> : <QuestionsCard card={card} />}
            </li>
          ))}
        </ul>
      )}
      {(cont.isError || (cont.data && cont.data.cards.length === 0)) && (
        <div className={styles.emptyCard}>
          <p className={styles.emptyTitle}>{t('continue.emptyTitle')}</p>
          <p className={styles.emptyText}>{t('continue.emptyText')}</p>
          <ButtonLink to={paths.library.root.getHref()} icon={<LibraryIcon size={20} />} size="sm">
            {t('continue.toLibrary')}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
