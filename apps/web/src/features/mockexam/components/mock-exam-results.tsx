import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MockExam, MockExamQuestion } from '@blok/contract/mockexam';
import { ANSWER_LABELS } from '@blok/contract/questions';
import { formatGrade, isPassing } from '@blok/domain/grade';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { useAssessAnswer } from '../api/assess-answer.ts';
import styles from './mockexam.module.css';
import { ExpectedAnswerView, RuleAnswerInput } from '../../../components/question-answer/rule-answer.tsx';
import { draftOf } from '../../../components/question-answer/draft.ts';

const label = (index: number) => ANSWER_LABELS[index] ?? String(index + 1);
const STATUS_KEY = { 1: 'results.statusCorrect', 2: 'results.statusPartial', 0: 'results.statusWrong', [-1]: 'results.statusOpen', 4: 'results.statusAwaiting' } as const;
const AWAITING = 4;

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
          {t('results.questionSummary', { number: q.position + 1, status: q.changedSinceAnswer ? t('results.statusChanged') : t(STATUS_KEY[status]) })}
        </summary>
        <div className={styles.reviewBody}>
          {/* a release changed the correct answer since she answered: shown, not counted (decision 029) */}
          {q.changedSinceAnswer && <p>{t('results.changedNote')}</p>}
          <Markdown text={q.type === 'CLOZE' ? q.questionText.split('\n\n')[0]! : q.questionText} />
          {q.interaction ? (
            <>
              <div className={styles.ownAnswer}>
                <h3 className={styles.subheading}>{t('results.yourAnswer')}</h3>
                {q.response ? (
                  <RuleAnswerInput type={q.type} interaction={q.interaction} draft={draftOf(q.interaction, q.response)} onChange={() => {}} disabled expected={q.expected} idPrefix={`r${q.position}`} />
                ) : (
                  <p>{t('results.noAnswer')}</p>
                )}
              </div>
              {q.expected && <ExpectedAnswerView type={q.type} interaction={q.interaction} expected={q.expected} response={null} />}
            </>
          ) : q.type === 'OPEN' ? (
            <>
              <div className={styles.ownAnswer}>
                <h3 className={styles.subheading}>{t('results.yourAnswer')}</h3>
                <p>{q.textAnswer ?? t('results.noAnswer')}</p>
              </div>
              {q.modelAnswer && (
                <div className={styles.model}>
                  <h3 className={styles.subheading}>{t('results.modelAnswer')}</h3>
                  <Markdown text={q.modelAnswer} />
                </div>
              )}
            </>
          ) : (
            <>
              <p>
                <strong>{t('results.yourAnswer')}:</strong> {q.pickedAnswerIds.length ? answerTexts(q, q.pickedAnswerIds) : t('results.noAnswer')}
              </p>
              <p>
                <strong>{correct.length > 1 ? t('results.correctAnswers') : t('results.correctAnswer')}:</strong> {answerTexts(q, correct)}
              </p>
            </>
          )}
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

/**
 * An open answer waiting for her verdict: her answer beside the model answer, and Goed or Fout
 * (the wording of a practice session's open question).
 */
function AssessOpenAnswer({ q, busy, onAssess }: { q: MockExamQuestion; busy: boolean; onAssess: (result: 'goed' | 'fout') => void }) {
  const { t } = useTranslation('mockexam');
  const headingId = `mockexam-assess-${q.position}`;
  return (
    <li>
      <section className={styles.assess} aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.assessHeading} tabIndex={-1} data-assess-heading>
          {t('results.questionLabel', { number: q.position + 1 })}
        </h3>
        <Markdown text={q.questionText} />
        <div className={styles.ownAnswer}>
          <h4 className={styles.subheading}>{t('results.yourAnswer')}</h4>
          <p>{q.textAnswer}</p>
        </div>
        {q.modelAnswer && (
          <div className={styles.model}>
            <h4 className={styles.subheading}>{t('results.modelAnswer')}</h4>
            <Markdown text={q.modelAnswer} />
          </div>
        )}
        <fieldset className={styles.assessChoices} disabled={busy}>
          <legend className={styles.assessLegend}>{t('results.assessQuestion', { number: q.position + 1 })}</legend>
          <div className={styles.assessButtons}>
            <Button variant="secondary" onClick={() => onAssess('goed')}>
              {t('results.good')}
            </Button>
            <Button variant="secondary" onClick={() => onAssess('fout')}>
              {t('results.wrong')}
            </Button>
          </div>
        </fieldset>
      </section>
    </li>
  );
}

/**
 * The results of a closed mock exam: the grade (5.5 passes), her open answers waiting for her own
 * verdict (the grade says it is provisional until she gave it), the grade per chapter with a way
 * to read it, every answer.
 */
export function MockExamResults({ exam }: { exam: MockExam }) {
  const { t } = useTranslation(['mockexam', 'common']);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const awaitingRef = useRef<HTMLUListElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const assess = useAssessAnswer();
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef(false);
  const result = exam.result!;
  const passed = isPassing(result.grade);
  const grade = formatGrade(result.grade);
  const waiting = result.awaitingAssessment;
  const awaiting = exam.questions.filter((q) => q.status === AWAITING);
  const timeUp = exam.finishedAt !== null && exam.finishedAt === exam.deadlineAt;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    // After a verdict her answer leaves the list: on to the next one waiting, or to the grade.
    if (!focusAfter.current) return;
    focusAfter.current = false;
    const next = awaitingRef.current?.querySelector<HTMLElement>('[data-assess-heading]');
    (next ?? resultRef.current)?.focus();
  }, [exam, announcement]);

  const onAssess = (q: MockExamQuestion, verdict: 'goed' | 'fout') => {
    if (assess.isPending) return;
    assess.mutate(
      { examId: exam.id, position: q.position, result: verdict },
      {
        onSuccess: (updated) => {
          const after = updated.result!;
          const newGrade = formatGrade(after.grade);
          setAnnouncement(
            t(verdict === 'goed' ? 'results.assessedGood' : 'results.assessedWrong', { number: q.position + 1 }) +
              ' ' +
              (after.awaitingAssessment > 0 ? t('results.gradeProvisionalNow', { grade: newGrade, count: after.awaitingAssessment }) : t('results.gradeNow', { grade: newGrade })),
          );
          focusAfter.current = true;
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.pageTitle}>
        {t('results.title')}
      </h1>
      <p className={styles.muted}>{exam.subjectTitle}</p>
      <div className={styles.gradeWrap}>
        <div
          className={styles.gradeCircle}
          data-passed={(passed && waiting === 0) || undefined}
          role="img"
          aria-label={
            waiting > 0 ? t('results.gradeProvisionalLabel', { grade, count: waiting }) : t(passed ? 'results.gradePassLabel' : 'results.gradeFailLabel', { grade })
          }
        >
          <span aria-hidden="true">{grade}</span>
        </div>
        <p className={waiting > 0 ? styles.provisional : styles.muted} aria-hidden="true">
          {waiting > 0 ? t('results.gradeCaptionProvisional') : t('results.gradeCaption')}
        </p>
      </div>
      <p className={styles.resultLine} ref={resultRef} tabIndex={-1}>
        {result.partial > 0
          ? t('results.summaryPartial', { correct: result.correct, count: result.total, partial: result.partial })
          : t('results.summary', { correct: result.correct, count: result.total })}{' '}
        {waiting > 0 ? t('results.provisional', { count: waiting, grade }) : passed ? t('results.passed', { grade }) : t('results.failed', { grade })}
      </p>
      {timeUp && <p className={styles.muted}>{t('results.timeUpNote')}</p>}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {awaiting.length > 0 && (
        <section aria-labelledby="mockexam-awaiting" className={styles.section}>
          <h2 id="mockexam-awaiting" className={styles.sectionTitle}>
            {t('results.awaitingTitle')}
          </h2>
          <p className={styles.intro}>{t('results.awaitingIntro')}</p>
          {assess.isError && (
            <Notice variant="error" role="alert">
              {t('results.assessError')}
            </Notice>
          )}
          <ul className={styles.assessList} ref={awaitingRef}>
            {awaiting.map((q) => (
              <AssessOpenAnswer key={q.position} q={q} busy={assess.isPending} onAssess={(verdict) => onAssess(q, verdict)} />
            ))}
          </ul>
        </section>
      )}

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
                  <span className={styles.smallGrade} data-passed={(c.result.passed && c.result.awaitingAssessment === 0) || undefined}>
                    {formatGrade(c.result.grade)}
                  </span>
                  {c.result.awaitingAssessment > 0 && <span className={styles.provisional}> {t('results.provisionalShort')}</span>}
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
