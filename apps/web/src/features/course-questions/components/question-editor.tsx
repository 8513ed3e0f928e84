import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { COURSE_QUESTION_TYPES, type CourseQuestion, type CourseQuestionType } from '@blok/contract/course-questions';
import { OWN_KEY_LIMITS } from '@blok/domain/own-questions';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { KeyEditor } from '../../../components/key-editor/key-editor.tsx';
import { choiceLetter } from '../../../components/question-answer/choice-option.tsx';
import { useCourseQuestions } from '../api/get-questions.ts';
import { useSaveCourseQuestion } from '../api/save-question.ts';
import { bodyOf, formOf, KIND_OF, keyProblems, withType, type QuestionForm } from '../utils/question-form.ts';
import styles from './course-questions.module.css';

/**
 * /bibliotheek/eigen-vak/:courseId/vragen/nieuw and .../vragen/:questionId: her own question written
 * or changed (issue 41). The type, the question, its key (multiple choice: the answers here; the other
 * types: the studio's key form with its try-out, components/key-editor) and the explanation. The
 * server checks the key with the domain; what it refuses is shown at its field.
 */
export function QuestionEditorScreen({ courseId, questionId }: { courseId: string; questionId: string | null }) {
  const { t } = useTranslation(['courseQuestions', 'common']);
  const questions = useCourseQuestions(courseId);
  if (questionId && questions.isPending) return <LoadingRow label={t('common:loading')} spinnerSize={24} />;
  const question = questionId ? questions.data?.questions.find((q) => q.id === questionId) : undefined;
  if (questionId && !question) {
    return (
      <div className={styles.page}>
        <Notice variant="error" role="alert">
          {questions.isError && !(questions.error instanceof ApiError && questions.error.status === 404) ? t('section.loadError') : t('editor.notFound')}
        </Notice>
        <BackLink to={paths.courses.course.getHref(courseId)}>{t('editor.back')}</BackLink>
      </div>
    );
  }
  return <QuestionEditor key={questionId ?? 'nieuw'} courseId={courseId} question={question} />;
}

function QuestionEditor({ courseId, question }: { courseId: string; question: CourseQuestion | undefined }) {
  const { t } = useTranslation(['courseQuestions', 'common']);
  const id = useId();
  const navigate = useNavigate();
  const save = useSaveCourseQuestion();
  const [form, setForm] = useState<QuestionForm>(() => formOf(question));
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  const error = save.error instanceof ApiError ? save.error : null;
  const fields = error?.fields ?? [];
  const at = (field: string) => fields.filter((f) => f.field === field || f.field.startsWith(`${field}.`)).map((f) => f.message);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { courseId, questionId: question?.id ?? null, body: bodyOf(form) },
      { onSuccess: () => void navigate(paths.courses.course.getHref(courseId)) },
    );
  };
  const promptErrors = at('prompt');

  return (
    <div className={styles.page}>
      <BackLink to={paths.courses.course.getHref(courseId)}>{t('editor.back')}</BackLink>
      <h1 ref={title} className={styles.pageTitle} tabIndex={-1}>
        {question ? t('editor.editTitle') : t('editor.newTitle')}
      </h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend>{t('editor.type')}</legend>
          <div className={styles.types}>
            {COURSE_QUESTION_TYPES.map((type: CourseQuestionType) => (
              <label key={type} className={styles.radio}>
                <input type="radio" name={`${id}-type`} value={type} checked={form.type === type} onChange={() => setForm((f) => withType(f, type))} />
                {t(`types.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-prompt`}>
            {t('editor.prompt')}
          </label>
          <p id={`${id}-prompt-hint`} className={styles.text}>
            {t('editor.promptHint')}
          </p>
          <textarea
            id={`${id}-prompt`}
            className={styles.textarea}
            rows={3}
            value={form.prompt}
            onChange={(e) => setForm((f) => ({ ...f, prompt: e.target.value }))}
            aria-describedby={[`${id}-prompt-hint`, promptErrors.length ? `${id}-prompt-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={promptErrors.length ? true : undefined}
          />
          {promptErrors.length > 0 && (
            <p id={`${id}-prompt-error`} className={styles.error}>
              {promptErrors.join(' · ')}
            </p>
          )}
        </div>

        {form.type === 'SELECT' ? (
          <ChoiceFields form={form} onChange={setForm} errors={fields} />
        ) : (
          <KeyEditor
            question={{ id: question?.id ?? 'nieuw', kind: KIND_OF[form.type], text: form.prompt, key: form.key }}
            onKeyChange={(key) => setForm((f) => ({ ...f, key }))}
            problems={keyProblems(fields)}
          />
        )}

        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-explanation`}>
            {t('editor.explanation')}
          </label>
          <p id={`${id}-explanation-hint`} className={styles.text}>
            {t('editor.explanationHint')}
          </p>
          <textarea
            id={`${id}-explanation`}
            className={styles.textarea}
            rows={3}
            value={form.explanation}
            onChange={(e) => setForm((f) => ({ ...f, explanation: e.target.value }))}
            aria-describedby={`${id}-explanation-hint`}
          />
        </div>

        {save.isError && (
          <Notice variant="error" role="alert">
            {error?.description || t('editor.saveError')}
          </Notice>
        )}
        <div className={styles.actions}>
          <Button type="submit" isBusy={save.isPending} busyLabel={t('common:loading')}>
            {t('editor.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The right answer removed: the first one is right until she chooses another. */
const withOneCorrect = (choices: QuestionForm['choices']) => (choices.some((c) => c.correct) ? choices : choices.map((c, i) => ({ ...c, correct: i === 0 })));

/** A multiple-choice question's answers: each a text and whether it is the right one (one is). */
function ChoiceFields({ form, onChange, errors }: { form: QuestionForm; onChange: (update: (f: QuestionForm) => QuestionForm) => void; errors: ReadonlyArray<{ field: string; message: string }> }) {
  const { t } = useTranslation('courseQuestions');
  const id = useId();
  const set = (choices: QuestionForm['choices']) => onChange((f) => ({ ...f, choices }));
  const own = errors.filter((e) => e.field === 'key.answers').map((e) => e.message);
  const last = useRef<HTMLInputElement | null>(null);
  const count = useRef(form.choices.length);
  useEffect(() => {
    if (form.choices.length === count.current + 1) last.current?.focus();
    count.current = form.choices.length;
  }, [form.choices.length]);
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('editor.choicesLegend')}</legend>
      <p className={styles.text}>{t('editor.choicesNote')}</p>
      {own.length > 0 && <p className={styles.error}>{own.join(' · ')}</p>}
      <ol className={styles.choices}>
        {form.choices.map((choice, i) => {
          const letter = choiceLetter(i);
          const mine = errors.filter((e) => e.field === `key.answers.${i}`).map((e) => e.message);
          return (
            <li key={i} className={styles.choice}>
              <label className={styles.label} htmlFor={`${id}-${i}`}>
                {t('editor.choice', { letter })}
              </label>
              <input
                id={`${id}-${i}`}
                ref={i === form.choices.length - 1 ? last : undefined}
                className={styles.input}
                value={choice.text}
                onChange={(e) => set(form.choices.map((c, j) => (j === i ? { ...c, text: e.target.value } : c)))}
                aria-invalid={mine.length ? true : undefined}
                aria-describedby={mine.length ? `${id}-${i}-error` : undefined}
              />
              {mine.length > 0 && (
                <p id={`${id}-${i}-error`} className={styles.error}>
                  {mine.join(' · ')}
                </p>
              )}
              <div className={styles.actions}>
                <label className={styles.radio}>
                  <input type="radio" name={`${id}-correct`} checked={choice.correct} onChange={() => set(form.choices.map((c, j) => ({ ...c, correct: j === i })))} />
                  {t('editor.correct', { letter })}
                </label>
                {form.choices.length > 2 && (
                  <Button variant="ghost" size="sm" aria-label={t('editor.removeChoice', { letter })} onClick={() => set(withOneCorrect(form.choices.filter((_, j) => j !== i)))}>
                    {t('editor.remove')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {form.choices.length < OWN_KEY_LIMITS.answers && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => set([...form.choices, { text: '', correct: false }])}>
            {t('editor.addChoice')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
