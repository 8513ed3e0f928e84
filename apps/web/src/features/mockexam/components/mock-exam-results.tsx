import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { MockExam, MockExamQuestion } from '@blok/contract/mockexam';
import { ANSWER_LABELS } from '@blok/contract/questions';
import { formatGrade, isPassing } from '@blok/domain/grade';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import styles from './mockexam.module.css';

const label = (index: number) => ANSWER_LABELS[index] ?? String(index + 1);
const STATUS_KEY = { 1: 'results.statusCorrect', 2: 'results.statusPartial', 0: 'results.statusWrong', [-1]: 'results.statusOpen' } as const;

/** The letters and texts of the given answers, in the order the exam showed them. */
function answerTexts(q: MockExamQuestion, ids: readonly string[]): string {
  return q.answers.flatMap((a, i) => (ids.includes(a.id) ? [`${label(i)}. ${a.answerText}`] : [])).join('; ');
}

function QuestionReview({ q }: { q: MockExamQuestion }) {
  const { t } = useTranslation('mockexam');
  const status = (q.status ?? -1) as keyof typeof STATUS_KEY;
  const correct = q.answers.filter((a) => a.isCorrect).map((a) => a.id);
  return (
    <li>
      <details className={styles.review}>
        <summary className={styles.reviewSummary} data-status={status}>
          {t('results.questionSummary', { number: q.position + 1, status: t(STATUS_KEY[status]) })}
        </summary>
        <div className={styles.reviewBody}>
          <Markdown text={q.questionText} />
          <p>
            <strong>{t('results.yourAnswer')}:</strong> {q.pickedAnswerIds.length ? answerTexts(q, q.pickedAnswerIds) : t('results.noAnswer')}
          </p>
          <p>
            <strong>{correct.length > 1 ? t('results.correctAnswers') : t('results.correctAnswer')}:</strong> {answerTexts(q, correct)}
          </p>
          {q.feedbackText && (
            <div>
              <strong>{t('results.explanation')}:</strong>
              <Markdown text={q.feedbackText} />
            </div>
          )}
        </div>
      </details>
    </li>
  );
}

/** The results of a closed mock exam: the grade (5.5 passes), the grade per chapter with a way to read it, every answer. */
export function MockExamResults({ exam }: { exam: MockExam }) {
  const { t } = useTranslation(['mockexam', 'common']);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const result = exam.result!;
  const passed = isPassing(result.grade);
  const grade = formatGrade(result.grade);
  const timeUp = exam.finishedAt !== null && exam.finishedAt === exam.deadlineAt;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className={styles.page}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.pageTitle}>
        {t('results.title')}
      </h1>
      <p className={styles.muted}>{exam.subjectTitle}</p>
      <div className={styles.gradeWrap}>
        <div className={styles.gradeCircle} data-passed={passed || undefined} role="img" aria-label={t(passed ? 'results.gradePassLabel' : 'results.gradeFailLabel', { grade })}>
          <span aria-hidden="true">{grade}</span>
        </div>
        <p className={styles.muted} aria-hidden="true">
          {t('results.gradeCaption')}
        </p>
      </div>
      <p className={styles.resultLine}>
        {result.partial > 0
          ? t('results.summaryPartial', { correct: result.correct, count: result.total, partial: result.partial })
          : t('results.summary', { correct: result.correct, count: result.total })}{' '}
        {passed ? t('results.passed', { grade }) : t('results.failed', { grade })}
      </p>
      {timeUp && <p className={styles.muted}>{t('results.timeUpNote')}</p>}

      <section aria-labelledby="mockexam-chapters" className={styles.section}>
        <h2 id="mockexam-chapters" className={styles.sectionTitle}>
          {t('results.perChapter')}
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('results.chapterColumn')}</th>
              <th scope="col">{t('results.correctColumn')}</th>
              <th scope="col">{t('results.gradeColumn')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('results.readColumn')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {exam.chapters.map((c) => (
              <tr key={c.chapterId ?? 'other'}>
                <th scope="row">{c.title}</th>
                <td>{t('results.correctOf', { correct: c.result.correct, total: c.result.total })}</td>
                <td>
                  <span className={styles.smallGrade} data-passed={c.result.passed || undefined}>
                    {formatGrade(c.result.grade)}
                  </span>
                </td>
                <td>
                  {c.chapterId && c.summaryId && (
                    <Link to={paths.summary.read.getHref(c.summaryId, c.chapterId)} aria-label={t('results.readLabel', { title: c.title })} className={styles.tableLink}>
                      {t('results.read')}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="mockexam-answers" className={styles.section}>
        <h2 id="mockexam-answers" className={styles.sectionTitle}>
          {t('results.questions')}
        </h2>
        <ul className={styles.reviewList}>
          {exam.questions.map((q) => (
            <QuestionReview key={q.position} q={q} />
          ))}
        </ul>
      </section>

      <div className={styles.actions}>
        <ButtonLink to={paths.library.mockExam.getHref(exam.subjectId)} fullWidth>
          {t('results.again')}
        </ButtonLink>
        <ButtonLink to={paths.library.subject.getHref(exam.subjectId)} variant="secondary" fullWidth>
          {t('results.backToSubject')}
        </ButtonLink>
      </div>
    </div>
  );
}
