import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatGrade, isPassing } from '@blok/domain/grade';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { ArrowLeftIcon, ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useMockExamOverview } from '../api/get-overview.ts';
import { useStartMockExam } from '../api/start-exam.ts';
import styles from './mockexam.module.css';

const dateFormat = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const minutesFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const timeFormat = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', hour: '2-digit', minute: '2-digit' });

/**
 * /bibliotheek/proeftentamen/{subjectId}: what a mock exam is, how many questions, start; her earlier
 * exams. One exam of a subject runs at a time (issue 40): while one does, the screen offers that one
 * instead of a new one, and past the daily limit it says from when she can start again.
 */
export function MockExamStart({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation(['mockexam', 'common']);
  const navigate = useNavigate();
  const overview = useMockExamOverview(subjectId);
  const [size, setSize] = useState<number | null>(null);
  const start = useStartMockExam({ onSuccess: (exam) => navigate(paths.library.mockExamSession.getHref(subjectId, exam.id)) });
  const data = overview.data;
  const chosen = size ?? data?.sizes[Math.min(1, (data?.sizes.length ?? 1) - 1)] ?? null;

  return (
    <div className={styles.page}>
      <Link to={paths.library.subject.getHref(subjectId)} className={styles.back}>
        <ArrowLeftIcon size={18} />
        <span>{t('start.back')}</span>
      </Link>
      <h1 className={styles.pageTitle}>{t('start.title')}</h1>
      {overview.isPending && <div role="status" aria-label={t('common:loading')} className={styles.skeleton} />}
      {overview.isError &&
        (overview.error instanceof ApiError && overview.error.status === 404 ? (
          <MissingItem message={t('start.notFound')} ways={[{ to: paths.library.root.getHref(), label: t('common:toLibrary') }]} />
        ) : (
          <Notice variant="error" role="alert">
            {t('start.error')}
          </Notice>
        ))}
      {data && (
        <>
          <p className={styles.intro}>{t(data.openQuestions > 0 ? 'start.introOpen' : 'start.intro', { subject: data.subjectTitle })}</p>
          <p className={styles.intro}>{t('start.rules')}</p>
          {data.openExamId !== null ? (
            <section aria-labelledby="mockexam-running" className={styles.card}>
              <h2 id="mockexam-running" className={styles.sectionTitle}>
                {t('start.running')}
              </h2>
              <p className={styles.intro}>{t('start.runningText')}</p>
              <ButtonLink to={paths.library.mockExamSession.getHref(subjectId, data.openExamId)} fullWidth>
                {t('start.runningButton')}
              </ButtonLink>
            </section>
          ) : data.sizes.length === 0 ? (
            <Notice variant="info">{t('start.none')}</Notice>
          ) : data.startsLeftToday === 0 ? (
            <Notice variant="info">{t('start.limit', { count: data.dailyLimit, time: data.nextStartAt ? timeFormat.format(new Date(data.nextStartAt)) : '' })}</Notice>
          ) : (
            <form
              className={styles.card}
              onSubmit={(event) => {
                event.preventDefault();
                if (chosen !== null) start.mutate({ subjectId, questionCount: chosen as 5 | 10 | 20 | 40 });
              }}
            >
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>{t('start.sizeLegend')}</legend>
                {data.sizes.map((n) => {
                  const count = Math.min(n, data.availableQuestions);
                  const minutes = minutesFormat.format((count * data.secondsPerQuestion) / 60);
                  return (
                    <label key={n} className={styles.choice}>
                      <input type="radio" name="size" value={n} checked={chosen === n} onChange={() => setSize(n)} />
                      <span>{count < n ? t('start.sizeAll', { count, minutes }) : t('start.size', { count, minutes })}</span>
                    </label>
                  );
                })}
              </fieldset>
              {data.startsLeftToday < data.dailyLimit && <p className={styles.muted}>{t('start.left', { count: data.startsLeftToday })}</p>}
              <Button type="submit" fullWidth isBusy={start.isPending} busyLabel={t('start.starting')}>
                {t('start.startButton')}
              </Button>
              {start.isError && (
                <Notice variant="error" role="alert">
                  {start.error instanceof ApiError && start.error.code === 'mock_exam_limit' ? start.error.description : t('start.startError')}
                </Notice>
              )}
            </form>
          )}
          {data.exams.length > 0 && (
            <section aria-labelledby="mockexam-earlier" className={styles.section}>
              <h2 id="mockexam-earlier" className={styles.sectionTitle}>
                {t('start.earlier')}
              </h2>
              <ul className={styles.examList}>
                {data.exams.map((exam) => {
                  const date = dateFormat.format(new Date(exam.startedAt));
                  return (
                    <li key={exam.id}>
                      <Link
                        to={paths.library.mockExamSession.getHref(subjectId, exam.id)}
                        className={styles.examRow}
                        aria-label={t(exam.closed ? 'start.viewLabel' : 'start.continueLabel', { date })}
                      >
                        <span className={styles.examRowBody}>
                          <span className={styles.examRowTitle}>{t('start.examLabel', { date })}</span>
                          <span className={styles.muted}>
                            {exam.grade === null
                              ? t('start.inProgress')
                              : exam.awaitingAssessment > 0
                                ? t('start.examGradeProvisional', { grade: formatGrade(exam.grade), count: exam.awaitingAssessment })
                                : t('start.examGrade', { grade: formatGrade(exam.grade) })}
                          </span>
                        </span>
                        {exam.grade !== null && (
                          <span className={styles.smallGrade} data-passed={(isPassing(exam.grade) && exam.awaitingAssessment === 0) || undefined} aria-hidden="true">
                            {formatGrade(exam.grade)}
                          </span>
                        )}
                        <ChevronRightIcon size={20} />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
