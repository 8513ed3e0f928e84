import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatGrade, isPassing } from '@blok/domain/grade';
import type { SubjectDetail, SubjectQuestionList, SubjectSummary } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { CheckIcon, ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAddSubject } from '../api/add-subject.ts';
import { useSubject } from '../api/get-subject.ts';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { SubjectTile } from './subject-tile.tsx';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { CardLink } from '../../../components/ui/card-link/card-link.tsx';
import { ListPanel } from '../../../components/ui/list-panel/list-panel.tsx';
import styles from './library.module.css';

function SummaryItem({ summary }: { summary: SubjectSummary }) {
  const { t } = useTranslation(['library', 'common']);
  const started = summary.readChapterCount > 0;
  return (
    <li className={styles.summaryCard}>
      <div className={styles.summaryBody}>
        <h3 className={styles.summaryTitle}>{summary.title}</h3>
        <p className={styles.summarySource}>{summary.source}</p>
        <ul className={styles.facts} aria-label={t('subject.factsLabel')}>
          <li>{t('subject.chapters', { count: summary.chapterCount })}</li>
          {summary.pageCount > 0 && <li>{t('subject.pages', { start: summary.startPage, end: summary.endPage })}</li>}
          <li>{t('subject.free', { count: summary.freeChapterCount })}</li>
        </ul>
        {summary.chapterCount > 0 && (
          <div className={styles.summaryProgress}>
            <ProgressBar
              value={(summary.readChapterCount / summary.chapterCount) * 100}
              label={t('subject.readProgressLabel', { title: summary.title })}
            />
            <span className={styles.cardMeta}>{t('subject.read', { read: summary.readChapterCount, count: summary.chapterCount })}</span>
          </div>
        )}
      </div>
      <div className={styles.summaryActions}>
        <ButtonLink to={paths.summary.read.getHref(summary.id)} size="sm">
          {started ? t('subject.continueReading') : t('subject.startReading')}
        </ButtonLink>
        <ButtonLink to={paths.library.details.getHref(summary.id)} variant="ghost" size="sm" aria-label={t('subject.detailsLabel', { title: summary.title })}>
          {t('subject.details')}
        </ButtonLink>
      </div>
    </li>
  );
}

function QuestionListItem({ subjectId, list }: { subjectId: string; list: SubjectQuestionList }) {
  const { t } = useTranslation(['library', 'common']);
  const inProgress = list.sessionId !== null && list.progress > 0 && list.progress < 100;
  const passed = list.score !== null && isPassing(list.score);
  return (
    <li className={styles.listItem}>
      <div className={styles.listBody}>
        <h3 className={styles.listTitle}>{list.title}</h3>
        <p className={styles.listDescription}>{list.description}</p>
        <div className={styles.listProgress}>
          {list.progress > 0 && <ProgressBar value={list.progress} label={t('subject.practiceProgressLabel', { title: list.title })} />}
          <span className={styles.cardMeta}>
            {t('subject.questions', { count: list.totalQuestions })}
            <span aria-hidden="true"> · </span>
            {list.progress > 0 ? t('subject.practised', { progress: Math.round(list.progress) }) : t('subject.notPractised')}
          </span>
        </div>
      </div>
      <div className={styles.listAside}>
        {list.score !== null && (
          // Read as 'Cijfer 5,0' (a span takes no aria-label without a role): the circle shows the number only.
          <span className={styles.grade} data-passed={passed || undefined}>
            <span aria-hidden="true">{formatGrade(list.score)}</span>
            <span className="visually-hidden">{t('subject.gradeLabel', { grade: formatGrade(list.score) })}</span>
          </span>
        )}
        <ButtonLink
          to={
            inProgress
              ? paths.library.questions.getHref(list.sessionId!, subjectId, list.id)
              : paths.library.questionSettings.getHref(subjectId, list.id)
          }
          size="sm"
          variant="secondary"
          aria-label={t(inProgress ? 'subject.continuePracticeLabel' : 'subject.practiceLabel', { title: list.title })}
        >
          {inProgress ? t('subject.continuePractice') : t('subject.practice')}
        </ButtonLink>
      </div>
    </li>
  );
}

function SubjectContent({ subject, plan }: { subject: SubjectDetail; plan?: ReactNode }) {
  const { t } = useTranslation(['library', 'common']);
  const add = useAddSubject();
  return (
    <>
      <header className={styles.subjectHeader}>
        <SubjectTile id={subject.id} title={subject.title} size="lg" />
        <h1 className={styles.pageTitle}>{subject.title}</h1>
        <div className={styles.subjectHeaderBody}>
          <p className={styles.description}>{subject.description}</p>
          {subject.inLibrary ? (
            <p className={styles.inLibrary}>
              <CheckIcon size={16} /> {t('subject.inLibrary')}
            </p>
          ) : (
            <div className={styles.addRow}>
              <Button size="sm" isBusy={add.isPending} busyLabel={t('search.adding')} onClick={() => add.mutate(subject.id)}>
                {t('subject.add')}
              </Button>
              {add.isError && (
                <Notice variant="error" role="alert">
                  {t('search.addError')}
                </Notice>
              )}
            </div>
          )}
        </div>
      </header>

      {subject.inLibrary && plan}

      <section aria-labelledby="subject-summaries" className={styles.section}>
        <h2 id="subject-summaries" className={styles.sectionTitle}>
          {t('subject.summaries')}
        </h2>
        {subject.summaries.length === 0 ? (
          <p className={styles.sectionIntro}>{t('subject.noSummaries')}</p>
        ) : (
          <ul className={styles.stack}>
            {subject.summaries.map((summary) => (
              <SummaryItem key={summary.id} summary={summary} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="subject-questions" className={styles.section}>
        <h2 id="subject-questions" className={styles.sectionTitle}>
          {t('subject.questionLists')}
        </h2>
        {subject.questionLists.length === 0 ? (
          <p className={styles.sectionIntro}>{t('subject.noQuestionLists')}</p>
        ) : (
          <ListPanel>
            {subject.questionLists.map((list) => (
              <QuestionListItem key={list.id} subjectId={subject.id} list={list} />
            ))}
          </ListPanel>
        )}
      </section>

      {subject.questionLists.length > 0 && (
        <section aria-labelledby="subject-exam" className={styles.section}>
          <h2 id="subject-exam" className={styles.sectionTitle}>
            {t('subject.examSection')}
          </h2>
          <div className={styles.stack}>
            <CardLink to={paths.library.mockExam.getHref(subject.id)} className={styles.entryCard}>
              <span>
                <span className={styles.entryTitle}>{t('subject.mockExamEntry')}</span>
                <span className={styles.entryText}>{t('subject.mockExamText')}</span>
              </span>
              <ChevronRightIcon size={22} />
            </CardLink>
            <CardLink to={paths.library.progress.getHref(subject.id)} className={styles.entryCard}>
              <span>
                <span className={styles.entryTitle}>{t('subject.progressEntry')}</span>
                <span className={styles.entryText}>{t('subject.progressText')}</span>
              </span>
              <ChevronRightIcon size={22} />
            </CardLink>
          </div>
        </section>
      )}

      {subject.flashcardsEnabled && (
        <section aria-labelledby="subject-flashcards" className={styles.section}>
          <h2 id="subject-flashcards" className={styles.sectionTitle}>
            {t('subject.flashcards')}
          </h2>
          <CardLink to={paths.library.flashcardsOverview.getHref(subject.id)} className={styles.entryCard}>
            <span>
              <span className={styles.entryTitle}>{t('subject.flashcardsEntry')}</span>
              <span className={styles.entryText}>{t('subject.flashcardsText')}</span>
            </span>
            <ChevronRightIcon size={22} />
          </CardLink>
        </section>
      )}
    </>
  );
}

/**
 * /bibliotheek/subject/{id}: the subject's summaries, question lists and flashcards. `plan`: her exam
 * plan and readiness, shown once the subject is in her library (the route composes the plan feature's).
 */
export function SubjectScreen({ subjectId, plan }: { subjectId: string; plan?: ReactNode }) {
  const { t } = useTranslation(['library', 'common']);
  const subject = useSubject(subjectId);
  const notFound = subject.error instanceof ApiError && subject.error.status === 404;
  return (
    <div className={styles.page}>
      <BackLink to={paths.library.root.getHref()} className={styles.back}>
        {t('subject.back')}
      </BackLink>
      {subject.isPending && (
        <div role="status" aria-label={t('common:loading')}>
          <div className={styles.skeleton} />
        </div>
      )}
      {subject.isError && (
        <>
          <h1 className={styles.pageTitle}>{t('subject.title')}</h1>
          {notFound ? (
            <MissingItem message={t('subject.notFound')} ways={[{ to: paths.library.root.getHref(), label: t('common:toLibrary') }]} />
          ) : (
            <Notice variant="error" role="alert">
              {t('subject.error')}
            </Notice>
          )}
        </>
      )}
      {subject.data && <SubjectContent subject={subject.data} plan={plan} />}
    </div>
  );
}
