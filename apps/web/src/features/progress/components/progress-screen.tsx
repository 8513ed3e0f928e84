import { Link } from 'react-router';
import type { Progress } from '@blok/contract/progress';
import type { SubjectReadiness } from '@blok/contract/plan';
import { formatGrade } from '@blok/domain/grade';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { ArrowLeftIcon } from '../../../components/icons/icons.tsx';
import { useProgress } from '../api/get-progress.ts';
import { useReadiness } from '../api/get-readiness.ts';
import { ChartFigure } from './charts/chart-figure.tsx';
import { ReadinessBars } from './charts/readiness-bars.tsx';
import { GradeLines, LINE_COLOURS, type GradeSeries } from './charts/grade-lines.tsx';
import { CALENDAR_STEPS, StudyCalendar } from './charts/study-calendar.tsx';
import { DueBars } from './charts/due-bars.tsx';
import { ExpectedGradeLine } from './charts/expected-grade-line.tsx';
import styles from './progress.module.css';

const shortDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekdayDate = new Intl.DateTimeFormat('nl-NL', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const whenFormat = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
/** A local date (YYYY-MM-DD) as a Date at its UTC midnight, formatted in UTC: no time zone shifts it. */
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** An expected grade's three figures in Dutch notation ("6,4", "5,6", "7,2"). */
const gradeText = (g: { grade: number; low: number; high: number }) => ({ grade: formatGrade(g.grade), low: formatGrade(g.low), high: formatGrade(g.high) });

type Weakest = { chapterId: string; number: number; title: string; summaryId: string; text: string };

function weakestChapter(progress: Progress, readiness: SubjectReadiness | undefined, t: ReturnType<typeof useTranslation<'progress'>>['t']): Weakest | null {
  if (readiness?.weakestChapterId) {
    const c = readiness.chapters.find((ch) => ch.chapterId === readiness.weakestChapterId);
    if (c) {
      const text = c.readiness === null ? t('weakest.notTested', { number: c.number, title: c.title }) : t('weakest.readiness', { number: c.number, title: c.title, readiness: c.readiness });
      return { chapterId: c.chapterId, number: c.number, title: c.title, summaryId: c.summaryId, text };
    }
  }
  // Without readiness: the chapter whose latest grade is lowest.
  const latest = new Map<string, number>();
  for (const g of progress.grades) latest.set(g.chapterId, g.grade);
  let worst: { id: string; grade: number } | null = null;
  for (const [id, grade] of latest) if (!worst || grade < worst.grade) worst = { id, grade };
  const c = worst && progress.chapters.find((ch) => ch.chapterId === worst.id);
  if (!c || !worst) return null;
  return { chapterId: c.chapterId, number: c.number, title: c.title, summaryId: c.summaryId, text: t('weakest.grade', { number: c.number, title: c.title, grade: formatGrade(worst.grade) }) };
}

function ProgressContent({ progress, readiness, readinessState }: { progress: Progress; readiness: SubjectReadiness | undefined; readinessState: 'ok' | 'unavailable' | 'loading' }) {
  const { t } = useTranslation('progress');
  const short = (n: number) => t('chapterShort', { number: n });
  const weakest = weakestChapter(progress, readiness, t);
  const percentOrUntested = (value: number | null) => (value === null ? t('readiness.notTested') : t('readiness.value', { value }));
  const chapterOf = new Map(progress.chapters.map((c) => [c.chapterId, c]));

  // Grades over time: a series per chapter.
  const series: GradeSeries[] = progress.chapters
    .map((c, i) => ({
      id: c.chapterId,
      label: `${short(c.number)} ${c.title}`,
      colour: LINE_COLOURS[i % LINE_COLOURS.length]!,
      points: progress.grades.filter((g) => g.chapterId === c.chapterId).map((g) => ({ at: Date.parse(g.at), grade: g.grade, mockExam: g.source === 'mockexam' })),
    }))
    .filter((s) => s.points.length > 0);
  const times = progress.grades.map((g) => Date.parse(g.at));
  const firstAt = Math.min(...times);
  const lastAt = Math.max(...times);

  // her expected grade over time (a readiness answer cached before it had one: none)
  const history = readiness?.expectedGradeHistory ?? [];
  const minutes = new Map(progress.days.map((d) => [d.date, d.minutes]));
  const totalMinutes = progress.days.reduce((n, d) => n + d.minutes, 0);
  const dueTotal = progress.due.reduce((n, d) => n + d.count, 0);

  return (
    <>
      {readiness && (
        <p className={styles.expected} data-testid="expected-grade">
          {readiness.expectedGrade ? t('readiness.expectedGrade', gradeText(readiness.expectedGrade)) : t('readiness.summaryUntested')}
        </p>
      )}
      {readiness && (
        <ChartFigure
          id="progress-expected"
          title={t('expected.title')}
          summary={
            history.length === 0
              ? t('expected.empty')
              : history.length === 1
                ? t('expected.summaryOne', { date: longDate.format(asDate(history[0]!.date)), ...gradeText(history[0]!) })
                : t('expected.summary', { count: history.length, from: formatGrade(history[0]!.grade), to: formatGrade(history[history.length - 1]!.grade), date: longDate.format(asDate(history[0]!.date)) })
          }
          table={
            history.length > 0 && (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('expected.dateColumn')}</th>
                    <th scope="col">{t('expected.gradeColumn')}</th>
                    <th scope="col">{t('expected.rangeColumn')}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((p) => (
                    <tr key={p.date}>
                      <th scope="row">{weekdayDate.format(asDate(p.date))}</th>
                      <td>{formatGrade(p.grade)}</td>
                      <td>{t('expected.range', gradeText(p))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        >
          {history.length > 0 && (
            <ExpectedGradeLine points={history} firstLabel={shortDate.format(asDate(history[0]!.date))} lastLabel={shortDate.format(asDate(history[history.length - 1]!.date))} />
          )}
        </ChartFigure>
      )}

      <section aria-labelledby="progress-weakest" className={styles.weakest}>
        <h2 id="progress-weakest" className={styles.chartTitle}>
          {t('weakest.title')}
        </h2>
        {weakest ? (
          <>
            <p>{weakest.text}</p>
            <ButtonLink to={paths.summary.read.getHref(weakest.summaryId, weakest.chapterId)} fullWidth>
              {t('weakest.read', { number: weakest.number })}
            </ButtonLink>
          </>
        ) : (
          <p>{t('weakest.none')}</p>
        )}
      </section>

      <ChartFigure
        id="progress-readiness"
        title={t('readiness.title')}
        summary={
          readiness
            ? readiness.expectedGrade === null
              ? t('readiness.summaryUntested')
              : weakest && readiness.weakestChapterId
                ? t('readiness.summary', { ...gradeText(readiness.expectedGrade), number: weakest.number, value: percentOrUntested(readiness.chapters.find((c) => c.chapterId === readiness.weakestChapterId)?.readiness ?? null) })
                : t('readiness.summaryNone', gradeText(readiness.expectedGrade))
            : readinessState === 'unavailable'
              ? t('readiness.unavailable')
              : '…'
        }
        table={
          readiness && (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('chapterColumn')}</th>
                  <th scope="col">{t('readiness.valueColumn')}</th>
                  <th scope="col">{t('readiness.reasonColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {readiness.chapters.map((c) => (
                  <tr key={c.chapterId}>
                    <th scope="row">
                      {short(c.number)} {c.title}
                    </th>
                    <td>{percentOrUntested(c.readiness)}</td>
                    {/* the row names the chapter: its reason without "Hoofdstuk 3: ", and nothing to add when untested */}
                    <td>{c.readiness === null ? '–' : c.reason.replace(/^Hoofdstuk \d+: /, '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      >
        {readiness && readiness.chapters.length > 0 && (
          <ReadinessBars rows={readiness.chapters.map((c) => ({ id: c.chapterId, label: short(c.number), value: c.readiness }))} weakestId={readiness.weakestChapterId} />
        )}
      </ChartFigure>

      <ChartFigure
        id="progress-grades"
        title={t('grades.title')}
        summary={progress.grades.length ? t('grades.summary', { count: progress.grades.length }) : t('grades.empty')}
        table={
          progress.grades.length > 0 && (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('grades.dateColumn')}</th>
                  <th scope="col">{t('chapterColumn')}</th>
                  <th scope="col">{t('grades.sourceColumn')}</th>
                  <th scope="col">{t('grades.gradeColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {progress.grades.map((g, i) => (
                  <tr key={i}>
                    <td>{shortDate.format(asDate(g.date))}</td>
                    <th scope="row">{short(chapterOf.get(g.chapterId)?.number ?? 0)}</th>
                    <td>{t(g.source === 'mockexam' ? 'grades.mockexam' : 'grades.practice')}</td>
                    <td>{formatGrade(g.grade)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      >
        {series.length > 0 && (
          <>
            <GradeLines
              series={series}
              from={firstAt}
              to={lastAt}
              fromLabel={shortDate.format(asDate(progress.grades[0]!.date))}
              toLabel={shortDate.format(asDate(progress.grades[progress.grades.length - 1]!.date))}
            />
            <ul className={styles.legend} aria-label={t('grades.legend')}>
              {series.map((s) => (
                <li key={s.id}>
                  <span className={styles.swatch} style={{ background: s.colour }} aria-hidden="true" />
                  {s.label}
                </li>
              ))}
              <li className={styles.legendNote}>
                ● {t('grades.practice')} · ■ {t('grades.mockexam')}
              </li>
            </ul>
          </>
        )}
      </ChartFigure>

      <ChartFigure
        id="progress-calendar"
        title={t('calendar.title')}
        summary={
          <>
            {t('calendar.summary', { count: progress.days.length, minutes: totalMinutes })} <span className={styles.note}>{t('calendar.estimate')}</span>
          </>
        }
        table={
          progress.days.length > 0 && (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('calendar.dateColumn')}</th>
                  <th scope="col">{t('calendar.minutesColumn')}</th>
                  <th scope="col">{t('calendar.activitiesColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {progress.days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{weekdayDate.format(asDate(d.date))}</th>
                    <td>{d.minutes}</td>
                    <td>{d.activities}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      >
        <StudyCalendar from={progress.fromDate} to={progress.today} minutes={minutes} dayLabels={t('calendar.days').split(',')} />
        <p className={styles.scale} aria-hidden="true">
          {t('calendar.less')}
          {CALENDAR_STEPS.map((c) => (
            <span key={c} className={styles.swatch} style={{ background: c }} />
          ))}
          {t('calendar.more')}
        </p>
      </ChartFigure>

      <ChartFigure
        id="progress-due"
        title={t('due.title')}
        summary={progress.dueEnabled ? t('due.summary', { count: dueTotal, today: progress.due[0]?.count ?? 0 }) : t('due.off')}
        table={
          progress.dueEnabled && (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('due.dateColumn')}</th>
                  <th scope="col">{t('due.countColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {progress.due.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{weekdayDate.format(asDate(d.date))}</th>
                    <td>{d.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      >
        {progress.dueEnabled && <DueBars days={progress.due.map((d) => ({ date: d.date, label: String(asDate(d.date).getUTCDate()), count: d.count }))} />}
      </ChartFigure>
    </>
  );
}

/** /bibliotheek/voortgang/{subjectId}: readiness, grades over time, study days and cards due, each with a table. */
export function ProgressScreen({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation(['progress', 'common']);
  const online = useOnline();
  const progress = useProgress(subjectId);
  const readiness = useReadiness(subjectId);
  const notFound = progress.error instanceof ApiError && progress.error.status === 404;
  const readinessState = readiness.data ? 'ok' : readiness.isPending && readiness.fetchStatus !== 'idle' ? 'loading' : 'unavailable';
  return (
    <div className={styles.page}>
      <Link to={paths.library.subject.getHref(subjectId)} className={styles.back}>
        <ArrowLeftIcon size={18} />
        <span>{t('back')}</span>
      </Link>
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {progress.data && <p className={styles.intro}>{t('intro', { subject: progress.data.subjectTitle })}</p>}
      {!online && progress.data && (
        <Notice variant="warning">{t('offline', { when: whenFormat.format(new Date(progress.dataUpdatedAt)) })}</Notice>
      )}
      {progress.isPending && <div role="status" aria-label={t('common:loading')} className={styles.skeleton} />}
      {progress.isError && !progress.data && (
        notFound ? (
          <MissingItem message={t('notFound')} ways={[{ to: paths.library.root.getHref(), label: t('common:toLibrary') }]} />
        ) : (
          <Notice variant="error" role="alert">
            {t('error')}
          </Notice>
        )
      )}
      {progress.data && <ProgressContent progress={progress.data} readiness={readiness.data} readinessState={readinessState} />}
    </div>
  );
}

