import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatGrade } from '@blok/domain/grade';
import type { ParseKeys } from 'i18next';
import type { PlanTask, SubjectDayPlan } from '@blok/contract/plan';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { CheckIcon, ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { useOnline } from '../../../hooks/use-online.ts';
import { returnToState } from '../../../lib/return-to.ts';
import { useTodayPlan } from '../api/get-today-plan.ts';
import { useStartTaskPractice } from '../api/start-task-practice.ts';
import { formatTime } from '../utils/format.ts';
import styles from './plan.module.css';

/** The screen a task opens. */
function taskHref(subjectId: string, task: PlanTask): string {
  switch (task.kind) {
    case 'read':
      return task.summaryId ? paths.summary.read.getHref(task.summaryId, task.chapterId ?? undefined) : paths.library.subject.getHref(subjectId);
    case 'practice':
      return paths.library.questionSettings.getHref(subjectId, task.questionListId ?? undefined);
    case 'cards':
      // the chapter's own set, not the overview of all sets
      return task.flashcardSetId ? paths.library.flashcardsSettings.getHref(subjectId, task.flashcardSetId) : paths.library.flashcardsOverview.getHref(subjectId);
    case 'review':
      return paths.library.flashcardsOverview.getHref(subjectId);
    case 'own-cards':
      // her own set: straight to studying it
      return task.ownSetId ? paths.ownCards.study.getHref(task.ownSetId) : paths.ownCards.root.getHref();
    case 'read-pages':
      // her own course's PDF, at the first page of the task she has not read (issue 41)
      return task.courseId && task.fileId ? paths.courses.file.getHref(task.courseId, task.fileId, task.page) : task.courseId ? paths.courses.course.getHref(task.courseId) : paths.library.root.getHref();
    case 'own-questions':
      // her own questions in her course: its practice, those not right last time first (issue 41)
      return task.courseId ? paths.courses.practice.getHref(task.courseId) : paths.library.root.getHref();
  }
}

function Task({ subjectId, task }: { subjectId: string; task: PlanTask }) {
  const { t } = useTranslation('plan');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const online = useOnline();
  const start = useStartTaskPractice();
  const href = taskHref(subjectId, task);
  const state = returnToState(pathname);
  // A practice task opens practice with the questions it still asks for ("Oefen 6 vragen": 6, or the
  // 3 left of them), not the list's recommended number; offline or on an error, the settings page.
  const left = task.target - task.progress;
  const onClick =
    task.kind === 'practice' && task.questionListId && online && !task.done && left > 0
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          if (start.isPending) return;
          const listId = task.questionListId!;
          start.mutate(
            { questionListId: listId, count: left },
            {
              onSuccess: ({ id }) => void navigate(paths.library.questions.getHref(id, subjectId, listId), { state }),
              onError: () => void navigate(href, { state }),
            },
          );
        }
      : undefined;
  return (
    <li>
      <Link to={href} state={state} onClick={onClick} aria-busy={start.isPending || undefined} className={styles.task} data-done={task.done || undefined}>
        <span className={styles.check} aria-hidden="true">
          {task.done && <CheckIcon size={18} />}
        </span>
        <span className={styles.taskBody}>
          <span className={styles.taskTitle}>{task.title}</span>
          <span className={styles.muted}>
            {t('today.minutesShort', { minutes: task.minutes })}
            {task.target > 1 && <> · {t('today.progress', { progress: task.progress, target: task.target })}</>}
          </span>
        </span>
        <span className={styles.taskState}>{task.done ? t('today.done') : <span className="visually-hidden">{t('today.notDone')}</span>}</span>
        <ChevronRightIcon size={18} />
      </Link>
    </li>
  );
}

/** What the day's phase says, if anything. */
function phaseKey(plan: SubjectDayPlan): ParseKeys<'plan'> | null {
  switch (plan.phase) {
    case 'review':
      return 'today.review';
    case 'rest-day':
      return 'today.restDay';
    case 'exam-day':
      return 'today.examDay';
    case 'after-exam':
      return 'today.afterExam';
    default:
      return plan.tasks.length === 0 ? 'today.nothingLeft' : null;
  }
}

function SubjectPlan({ plan }: { plan: SubjectDayPlan }) {
  const { t } = useTranslation('plan');
  const headingId = `plan-today-${plan.subjectId}`;
  const key = phaseKey(plan);
  const text = key ? t(key) : null;
  return (
    <article className={styles.subjectPlan} aria-labelledby={headingId}>
      <header className={styles.subjectHeader}>
        <h3 id={headingId} className={styles.subjectTitle}>
          {plan.subjectTitle}
        </h3>
        <p className={styles.muted}>
          {plan.daysUntilExam === null ? t('today.noExam') : plan.daysUntilExam < 0 ? t('today.examPast') : t('today.examIn', { count: plan.daysUntilExam })}
          {' · '}
          {/* her own course (issue 41): named so, with where she stands in it from her own answers (decision 049) */}
          {plan.courseId && <span>{t('today.ownCourse')} · </span>}
          <span data-testid="today-expected-grade">
            {/* a plan cached offline before the expected grade was part of it has none */}
            {!plan.expectedGrade
              ? t('today.notTested')
              : t('today.expectedGrade', { grade: formatGrade(plan.expectedGrade.grade), low: formatGrade(plan.expectedGrade.low), high: formatGrade(plan.expectedGrade.high) })}
          </span>
          {plan.tasks.length > 0 && <> · {t('today.meta', { minutes: plan.minutes, count: plan.minutesPerDay })}</>}
        </p>
      </header>
      {plan.tooShort && <Notice variant="warning">{t(plan.courseId ? 'today.tooShortCourse' : 'today.tooShort', { hours: Math.ceil(plan.minutesLeft / 60) })}</Notice>}
      {text && <p className={styles.muted}>{text}</p>}
      {plan.tasks.length > 0 && (
        <ul className={styles.tasks}>
          {plan.tasks.map((task) => (
            <Task key={task.id} subjectId={plan.subjectId} task={task} />
          ))}
        </ul>
      )}
      {plan.tasks.length > 0 && plan.done && (
        <p className={styles.doneLine}>
          <CheckIcon size={18} /> {t('today.subjectDone')}
        </p>
      )}
    </article>
  );
}

/** Home's 'Vandaag': today's tasks per planned subject; offline the last known plan, marked as such. */
export function TodayPlan() {
  const { t } = useTranslation('plan');
  const today = useTodayPlan();
  const online = useOnline();
  if (today.isPending) return null;
  return (
    <section aria-labelledby="plan-today-title" className={styles.today}>
      <h2 id="plan-today-title" className={styles.todayTitle}>
        {t('today.title')}
      </h2>
      {today.data && !online && <p className={styles.offline}>{t('today.offline', { time: formatTime(today.dataUpdatedAt) })}</p>}
      {today.isError && !today.data && <p className={styles.muted}>{t('today.error')}</p>}
      {today.data && today.data.subjects.length === 0 && (
        <p className={styles.muted}>
          {t('today.empty')} <Link to={paths.library.root.getHref()}>{t('today.emptyLink')}</Link>
        </p>
      )}
      {today.data?.allDone && (
        <Notice variant="success" role="status">
          {t('today.allDone')}
        </Notice>
      )}
      {today.data?.subjects.map((plan) => (
        <SubjectPlan key={plan.subjectId} plan={plan} />
      ))}
    </section>
  );
}
