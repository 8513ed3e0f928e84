import { useEffect, useRef, useState } from 'react';
import type { CourseQuestion, CourseQuestionVerdict } from '@blok/contract/course-questions';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { ChoiceOption, type OptionState } from '../../../components/question-answer/choice-option.tsx';
import { ExpectedAnswerView, RuleAnswerInput } from '../../../components/question-answer/rule-answer.tsx';
import { draftBody, draftOf, draftProblem, draftResponse, type RuleDraft } from '../../../components/question-answer/draft.ts';
import { useCourseQuestions } from '../api/get-questions.ts';
import { useAnswerCourseQuestion } from '../api/answer-question.ts';
import { expectedOf, practiceOrder, shownOf, type Shown } from '../utils/question-form.ts';
import styles from './course-questions.module.css';

/**
 * /bibliotheek/eigen-vak/:courseId/oefenen: her own questions one by one (those not right last time
 * first), answered with the practice screen's own controls (components/question-answer), graded on
 * the server by the domain, with the verdict, the right answer and her explanation after each; at the
 * end how many she had right.
 */
export function QuestionPracticeScreen({ courseId }: { courseId: string }) {
  const { t } = useTranslation(['courseQuestions', 'common']);
  const questions = useCourseQuestions(courseId);
  // the order is fixed when she starts: an answer changes her latest verdicts, not this round
  const [firstSeed] = useState(() => Date.now() % 1_000_000);
  const [round, setRound] = useState<{ questions: CourseQuestion[]; seed: number } | null>(null);
  const [rounds, setRounds] = useState(0);
  // set while rendering, once the list is there (React's way to derive state from a query)
  if (!round && questions.data) setRound({ questions: practiceOrder(questions.data.questions), seed: firstSeed + rounds });

  const back = <BackLink to={paths.courses.course.getHref(courseId)}>{t('editor.back')}</BackLink>;
  if (questions.isError) {
    return (
      <div className={styles.page}>
        {back}
        <Notice variant="error" role="alert">
          {questions.error instanceof ApiError && questions.error.status === 404 ? t('editor.notFound') : t('section.loadError')}
        </Notice>
      </div>
    );
  }
  if (!round) return <LoadingRow label={t('common:loading')} spinnerSize={24} />;
  if (round.questions.length === 0) {
    return (
      <div className={styles.page}>
        {back}
        <h1 className={styles.pageTitle}>{t('practice.title')}</h1>
        <Notice>{t('practice.empty')}</Notice>
      </div>
    );
  }
  return <Round key={round.seed} courseId={courseId} questions={round.questions} seed={round.seed} onAgain={() =>
        // again with her latest verdicts: what was not right first
        void questions.refetch().then(() => {
          setRounds((n) => n + 1);
          setRound(null);
        })
      } />;
}

function Round({ courseId, questions, seed, onAgain }: { courseId: string; questions: CourseQuestion[]; seed: number; onAgain: () => void }) {
  const { t } = useTranslation(['courseQuestions', 'common']);
  const [index, setIndex] = useState(0);
  const [verdicts, setVerdicts] = useState<Array<CourseQuestionVerdict | undefined>>([]);
  const title = useRef<HTMLHeadingElement>(null);
  const done = index >= questions.length;
  useEffect(() => title.current?.focus(), [index]);

  if (done) {
    const right = verdicts.filter((v) => v?.status === 1).length;
    return (
      <div className={styles.page}>
        <h1 ref={title} className={styles.pageTitle} tabIndex={-1}>
          {t('practice.resultsTitle')}
        </h1>
        <p>{t('practice.results', { right, count: questions.length })}</p>
        <div className={styles.actions}>
          <Button onClick={onAgain}>{t('practice.again')}</Button>
          <ButtonLink variant="secondary" to={paths.courses.course.getHref(courseId)}>
            {t('editor.back')}
          </ButtonLink>
        </div>
      </div>
    );
  }
  const question = questions[index]!;
  return (
    <div className={styles.page}>
      <h1 ref={title} className={styles.pageTitle} tabIndex={-1}>
        {t('practice.title')}
      </h1>
      <ProgressBar value={(index / questions.length) * 100} label={t('practice.title')} valueText={t('practice.counter', { number: index + 1, total: questions.length })} />
      <p className={styles.text} aria-hidden="true">
        {t('practice.counter', { number: index + 1, total: questions.length })}
      </p>
      <Step
        key={question.id}
        courseId={courseId}
        question={question}
        number={index + 1}
        shown={shownOf(question, seed)}
        isLast={index === questions.length - 1}
        onAnswered={(v) => setVerdicts((all) => Object.assign([...all], { [index]: v }))}
        onNext={() => setIndex((i) => i + 1)}
      />
      <div className={styles.actions}>
        <ButtonLink variant="ghost" to={paths.courses.course.getHref(courseId)}>
          {t('practice.stop')}
        </ButtonLink>
      </div>
    </div>
  );
}

type StepProps = {
  courseId: string;
  question: CourseQuestion;
  number: number;
  shown: Shown;
  isLast: boolean;
  onAnswered: (verdict: CourseQuestionVerdict) => void;
  onNext: () => void;
};

function Step({ courseId, question, number, shown, isLast, onAnswered, onNext }: StepProps) {
  const { t } = useTranslation(['courseQuestions', 'common']);
  const answer = useAnswerCourseQuestion();
  const [draft, setDraft] = useState<RuleDraft | null>(() => (shown.interaction ? draftOf(shown.interaction, null) : null));
  const [problem, setProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const verdict = answer.data ?? null;
  const feedbackHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (verdict) feedbackHeading.current?.focus();
  }, [verdict]);

  const send = (body: Parameters<typeof answer.mutate>[0]['body']) =>
    answer.mutate({ courseId, questionId: question.id, body }, { onSuccess: (v) => onAnswered(v) });
  const pick = (choice: string) => {
    if (verdict || answer.isPending) return;
    setPicked(choice);
    send({ choice });
  };
  const check = () => {
    if (!shown.interaction || !draft || verdict || answer.isPending) return;
    const missing = draftProblem(question.type, shown.interaction, draft);
    setProblem(missing);
    if (missing) return;
    const body = draftBody(question.type, draft);
    send({ textAnswer: body.textAnswer, order: body.order, pairs: body.pairs });
  };
  const stateOf = (choice: string): OptionState => {
    if (!verdict) return picked === choice ? 'picked' : 'idle';
    if (choice === verdict.expected.choice) return picked === choice ? 'correct' : 'missed';
    return picked === choice ? 'wrong' : 'idle';
  };
  const verdictText = !verdict ? '' : verdict.result === 'right' ? (verdict.typo ? t('practice.rightTypo') : t('practice.right')) : verdict.result === 'partly' ? t('practice.partly') : t('practice.wrong');

  return (
    <>
      <article className={styles.card} aria-labelledby={`vraag-${question.id}`}>
        <h2 id={`vraag-${question.id}`} className={styles.label2}>
          {t('practice.label', { number })}
        </h2>
        <div className={styles.prompt}>
          <Markdown text={question.prompt} />
        </div>
        {question.type === 'SELECT' ? (
          <ul className={styles.answers} aria-label={t('practice.answersLabel')}>
            {shown.choices.map((choice, i) => (
              <li key={choice.id}>
                <ChoiceOption index={i} text={choice.text} state={stateOf(choice.id)} disabled={verdict !== null || answer.isPending} onPick={() => pick(choice.id)} />
              </li>
            ))}
          </ul>
        ) : (
          shown.interaction &&
          draft && (
            <form
              className={styles.form}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                check();
              }}
            >
              <RuleAnswerInput
                type={question.type}
                interaction={shown.interaction}
                draft={draft}
                onChange={(d) => {
                  setDraft(d);
                  if (problem) setProblem(null);
                }}
                disabled={verdict !== null}
                expected={verdict ? expectedOf(verdict) : null}
                problem={problem}
              />
              {!verdict && (
                <Button type="submit" fullWidth isBusy={answer.isPending} busyLabel={t('common:loading')}>
                  {t('practice.check')}
                </Button>
              )}
            </form>
          )
        )}
        {answer.isError && (
          <Notice variant="error" role="alert">
            {answer.error instanceof ApiError && answer.error.description ? answer.error.description : t('practice.answerError')}
          </Notice>
        )}
      </article>

      {verdict && (
        <section className={styles.feedback} data-status={verdict.status} aria-labelledby={`feedback-${question.id}`}>
          <h2 id={`feedback-${question.id}`} ref={feedbackHeading} className={styles.heading} tabIndex={-1}>
            {verdictText}
          </h2>
          {question.type !== 'SELECT' && shown.interaction && draft && (
            <ExpectedAnswerView type={question.type} interaction={shown.interaction} expected={expectedOf(verdict)} response={draftResponse(question.type, draft)} />
          )}
          {question.type === 'SELECT' && verdict.status !== 1 && (
            <p>{t('practice.expected', { answer: shown.choices.find((c) => c.id === verdict.expected.choice)?.text ?? '' })}</p>
          )}
          {verdict.explanation && (
            <div>
              <h3 className={styles.subheading}>{t('practice.explanation')}</h3>
              <Markdown text={verdict.explanation} />
            </div>
          )}
          <Button fullWidth onClick={onNext}>
            {isLast ? t('practice.toResults') : t('practice.next')}
          </Button>
        </section>
      )}
    </>
  );
}
