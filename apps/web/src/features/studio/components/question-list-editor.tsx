import type { StudioChapter, StudioProblem, StudioQuestion, StudioQuestionList } from '@blok/contract/studio';
import { keyIsLongest } from '@blok/domain/answer-length';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { answerLetter, newQuestion, nextAnswerId } from '../utils/new-ids.ts';
import { formToKey, isRuleKind, keyToForm } from '../../../components/key-editor/key-form.ts';
import { Field } from './field.tsx';
import { KeyEditor } from '../../../components/key-editor/key-editor.tsx';
import { ImageUpload } from './image-upload.tsx';
import styles from './studio.module.css';

type Props = {
  subjectId: string;
  list: StudioQuestionList;
  chapters: StudioChapter[];
  onChange: (list: StudioQuestionList) => void;
  /** the importer's problems and warnings of this list, as the last check found them */
  problems: StudioProblem[];
  warnings: StudioProblem[];
};

/** A question list: its fields and its questions of three kinds, with answers, feedback and pinned positions. */
export function QuestionListEditor({ subjectId, list, chapters, onChange, problems, warnings }: Props) {
  const { t } = useTranslation('studio');
  const set = <K extends keyof StudioQuestionList>(key: K, value: StudioQuestionList[K]) => onChange({ ...list, [key]: value });
  const setQuestion = (index: number, question: StudioQuestion) => set('questions', list.questions.map((q, i) => (i === index ? question : q)));

  return (
    <div id="list-editor" tabIndex={-1} className={styles.stack}>
      <Field label={t('questions.listTitle')}>
{(id) => (
<input id={id} className={styles.input} value={list.title} onChange={(e) => set('title', e.target.value)} />
)}
</Field>
      <Field label={t('questions.listDescription')}>
{(id) => (
<input id={id} className={styles.input} value={list.description} onChange={(e) => set('description', e.target.value)} />
)}
</Field>
      <div className={styles.row}>
        <Field label={t('questions.recommended')}>
{(id) => (
<input id={id}
            className={styles.input}
            type="number"
            min={1}
            value={list.recommendedQuestions}
            onChange={(e) => set('recommendedQuestions', Math.min(500, Math.max(1, Number(e.target.value) || 1)))}
          />
)}
</Field>
        <Field label={t('questions.listChapter')}>
{(id) => (
<select id={id}
            className={styles.select}
            value={list.chapter ?? ''}
            onChange={(e) => {
              const { chapter: _old, ...rest } = list;
              onChange(e.target.value ? { ...rest, chapter: e.target.value } : rest);
            }}
          >
            <option value="">{t('chapter.noList')}</option>
            {chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title.replace(/<[^>]*>/g, '') || c.id}
              </option>
            ))}
          </select>
)}
</Field>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={list.answerDisplaying === 2} onChange={(e) => set('answerDisplaying', e.target.checked ? 2 : 1)} />
        {t('questions.showAnswers')}
      </label>
      {/* the importer's warnings of this list (answer positions, the longest answer), while she writes */}
      {warnings.map((w, i) => (
        <p key={i} className={styles.warning}>
          {t('editor.warnings')}: {w.message}
        </p>
      ))}

      {list.questions.map((q, qi) => (
        <QuestionEditor
          key={q.id}
          subjectId={subjectId}
          number={qi + 1}
          question={q}
          problems={problems.filter((p) => p.question === q.id).map((p) => ({ ...p, field: p.field.replace(/^questions\.\d+\./, '') }))}
          onChange={(next) => setQuestion(qi, next)}
          onRemove={() => set('questions', list.questions.filter((_, i) => i !== qi))}
        />
      ))}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => set('questions', [...list.questions, newQuestion(list)])}>
          {t('questions.add')}
        </Button>
      </div>
    </div>
  );
}

/** The kinds answered by picking answers; the others (issue 40) keep their own fields in `key`. */
const isChoice = (kind: StudioQuestion['kind']) => kind === 'single' || kind === 'multiple';

type QuestionProps = {
  subjectId: string;
  number: number;
  question: StudioQuestion;
  /** the importer's problems of this question, fields relative to it */
  problems: StudioProblem[];
  onChange: (q: StudioQuestion) => void;
  onRemove: () => void;
};

function QuestionEditor({ subjectId, number, question, problems, onChange, onRemove }: QuestionProps) {
  const { t } = useTranslation('studio');
  const set = <K extends keyof StudioQuestion>(key: K, value: StudioQuestion[K]) => onChange({ ...question, [key]: value });
  const setAnswer = (index: number, patch: Partial<StudioQuestion['answers'][number]>) =>
    set(
      'answers',
      question.answers.map((a, i) => {
        if (i === index) return { ...a, ...patch };
        // one correct answer: ticking one unticks the others
        if (patch.correct && question.kind === 'single') return { ...a, correct: false };
        return a;
      }),
    );
  const labelId = `question-${question.id}`;

  return (
    <fieldset id={labelId} tabIndex={-1} className={styles.question}>
      <legend>{t('questions.question', { number })}</legend>
      {problems.length > 0 && (
        <div className={styles.questionProblems}>
          <p className={styles.label}>{t('questions.problems', { count: problems.length })}</p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>
                {p.field}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Field label={t('questions.kind')}>
{(id) => (
<select id={id}
          className={styles.select}
          value={question.kind}
          onChange={(e) => {
            const kind = e.target.value as StudioQuestion['kind'];
            const answers =
              isChoice(kind) && question.answers.length === 0
                ? [
                    { id: 'a1', text: '', correct: true, pinned: false },
                    { id: 'a2', text: '', correct: false, pinned: false },
                  ]
                : question.answers;
            // a rule-graded kind: its form's fields as the key (those of another kind are left out)
            onChange({ ...question, kind, answers: isChoice(kind) ? answers : [], ...(isRuleKind(kind) ? { key: formToKey(keyToForm(kind, question.key).form) } : {}) });
          }}
        >
          {(['single', 'multiple', 'open', 'typed', 'numeric', 'ordering', 'matching', 'cloze'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`questions.kinds.${k}`)}
            </option>
          ))}
        </select>
)}
</Field>
      <Field label={t(question.kind === 'cloze' ? 'questions.clozeText' : 'questions.text')}>
        {(id) => (
          <>
            {question.kind === 'cloze' && (
              <p id={`${id}-hint`} className={styles.small}>
                {t('questions.clozeTextHint', { syntax: '{{antwoord|variant}}' })}
              </p>
            )}
            <textarea
              id={id}
              className={styles.textarea}
              aria-describedby={question.kind === 'cloze' ? `${id}-hint` : undefined}
              value={question.text}
              onChange={(e) => set('text', e.target.value)}
            />
          </>
        )}
      </Field>
      {isChoice(question.kind) &&
        question.answers.map((a, ai) => (
          <div key={a.id} className={styles.answer}>
            <Field label={t('questions.answer', { letter: answerLetter(ai) })}>
{(id) => (
<input id={id} className={styles.input} value={a.text} onChange={(e) => setAnswer(ai, { text: e.target.value })} />
)}
</Field>
            <div className={styles.row}>
              <label className={styles.check}>
                <input type="checkbox" checked={a.correct} onChange={(e) => setAnswer(ai, { correct: e.target.checked })} />
                {t('questions.correct')}
              </label>
              <label className={styles.check}>
                <input type="checkbox" checked={a.pinned} onChange={(e) => setAnswer(ai, { pinned: e.target.checked })} />
                {t('questions.pinned')}
              </label>
              <Button variant="ghost" size="sm" onClick={() => set('answers', question.answers.filter((_, i) => i !== ai))}>
                {t('questions.removeAnswer', { letter: answerLetter(ai) })}
              </Button>
            </div>
          </div>
        ))}
      {isChoice(question.kind) && question.answers.length < 20 && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => set('answers', [...question.answers, { id: nextAnswerId(question), text: '', correct: false, pinned: false }])}>
            {t('questions.addAnswer')}
          </Button>
        </div>
      )}
      {isChoice(question.kind) && question.kind === 'single' && question.answers.every((a) => a.text.trim()) && keyIsLongest(question.answers) && (
        <p className={styles.warning}>{t('questions.keyIsLongest')}</p>
      )}
      {isRuleKind(question.kind) && <KeyEditor question={question} problems={problems} onKeyChange={(key) => set('key', key)} />}
      {question.kind === 'open' && (
        <Field label={t('questions.modelAnswer')}>
{(id) => (
<textarea id={id} className={styles.textarea} value={question.modelAnswer} onChange={(e) => set('modelAnswer', e.target.value)} />
)}
</Field>
      )}
      <Field label={t('questions.feedback')}>
{(id) => (
<textarea id={id} className={styles.textarea} value={question.feedback} onChange={(e) => set('feedback', e.target.value)} />
)}
</Field>
      {(['picture', 'feedbackPicture'] as const).map(
        (key) =>
          question[key] && (
            <p key={key} className={styles.small}>
              {t(key === 'picture' ? 'questions.picture' : 'questions.feedbackPicture', { path: question[key] })}{' '}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  const { [key]: _removed, ...rest } = question;
                  onChange(rest);
                }}
              >
                {t(key === 'picture' ? 'questions.removePicture' : 'questions.removeFeedbackPicture', { number })}
              </Button>
            </p>
          ),
      )}
      {/* folded: most questions have no picture, and a list has many questions */}
      <details className={styles.uploadDetails}>
        <summary>{t('questions.pictureUpload', { number })}</summary>
        <ImageUpload
          subjectId={subjectId}
          describe={false}
          legend={t('questions.pictureUpload', { number })}
          onUploaded={(image) => set('picture', image.path)}
        />
      </details>
      <div className={styles.actions}>
        <Button variant="danger" size="sm" onClick={onRemove}>
          {t('questions.remove', { number })}
        </Button>
      </div>
    </fieldset>
  );
}
