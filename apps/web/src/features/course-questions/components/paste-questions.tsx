import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { PASTE_LIMITS, readPastedQuestions } from '@blok/domain/pasted-questions';
import type { CourseQuestionType } from '@blok/contract/course-questions';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useAddPastedQuestions } from '../api/save-question.ts';
import { promptLine } from './course-questions-section.tsx';
import styles from './course-questions.module.css';

/**
 * /bibliotheek/eigen-vak/:courseId/vragen/plakken: her questions pasted as text (issue 41). While she
 * pastes or types, @blok/domain/pasted-questions reads the text and the preview shows each question
 * it recognised with its type, and each it could not read with the reason. "Voeg N vragen toe" adds
 * the readable ones in one command (the server checks every key again); the ones with a problem stay
 * in the text box to fix.
 */
export function PasteQuestionsScreen({ courseId }: { courseId: string }) {
  const { t } = useTranslation(['courseQuestions', 'common']);
  const id = useId();
  const [text, setText] = useState('');
  const [added, setAdded] = useState<{ count: number; leftOver: boolean } | null>(null);
  const add = useAddPastedQuestions();
  const title = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => title.current?.focus(), []);

  // reading a long paste on every key stays off the typing's path
  const deferred = useDeferredValue(text);
  const read = useMemo(() => readPastedQuestions(deferred), [deferred]);
  const ready = read.questions.filter((q) => q.body);
  const broken = read.questions.filter((q) => !q.body);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready.length === 0) return;
    const leftOver = broken.map((q) => q.source).join('\n\n');
    add.mutate(
      { courseId, body: { questions: ready.map((q) => q.body!) } },
      {
        onSuccess: (result) => {
          setAdded({ count: result.questions.length, leftOver: leftOver.length > 0 });
          setText(leftOver);
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <BackLink to={paths.courses.course.getHref(courseId)}>{t('paste.toCourse')}</BackLink>
      <h1 ref={title} className={styles.pageTitle} tabIndex={-1}>
        {t('paste.title')}
      </h1>
      <p className={styles.text}>{t('paste.intro')}</p>
      <details className={styles.how}>
        <summary>{t('paste.howTitle')}</summary>
        <pre className={styles.example}>{t('paste.example')}</pre>
        <p className={styles.text}>{t('paste.rules')}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setText(t('paste.example'));
            setAdded(null);
            box.current?.focus();
          }}
        >
          {t('paste.useExample')}
        </Button>
      </details>

      {added && (
        <Notice variant="success" role="status">
          {t('paste.added', { count: added.count })} {added.leftOver ? t('paste.leftOver') : ''}
        </Notice>
      )}

      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-text`}>
            {t('paste.label')}
          </label>
          <p id={`${id}-hint`} className={styles.text}>
            {t('paste.hint')}
          </p>
          <textarea
            ref={box}
            id={`${id}-text`}
            className={`${styles.textarea} ${styles.pasteBox}`}
            aria-describedby={`${id}-hint ${id}-summary`}
            value={text}
            maxLength={PASTE_LIMITS.chars}
            spellCheck={false}
            onChange={(e) => {
              setText(e.target.value);
              setAdded(null);
              add.reset();
            }}
          />
        </div>

        <section aria-labelledby={`${id}-preview`} className={styles.preview}>
          <h2 id={`${id}-preview`} className={styles.heading}>
            {t('paste.previewTitle')}
          </h2>
          <p id={`${id}-summary`} className={styles.text} aria-live="polite">
            {read.questions.length === 0 ? t('paste.none') : t('paste.found', { count: ready.length })}
            {broken.length > 0 && <> {t('paste.problems', { count: broken.length })}</>}
          </p>
          {read.more && <Notice variant="warning">{t('paste.more', { count: PASTE_LIMITS.questions })}</Notice>}
          {broken.length > 0 && (
            <ul className={styles.problems}>
              {broken.map((q) => (
                <li key={q.number}>{t('paste.problem', { number: q.number, line: q.firstLine, problem: q.problems[0] })}</li>
              ))}
            </ul>
          )}
          {ready.length > 0 && (
            <ol className={styles.pasted}>
              {ready.map((q) => (
                <li key={q.number}>
                  <span className={styles.prompt}>{promptLine(q.body!.prompt)}</span>
                  <span className={styles.text}>{t(`types.${q.body!.type as CourseQuestionType}`)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>

        {add.isError && (
          <Notice variant="error" role="alert">
            {(add.error instanceof ApiError && add.error.status < 500 && add.error.description) || t('paste.saveError')}
          </Notice>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={ready.length === 0} isBusy={add.isPending} busyLabel={t('common:loading')}>
            {t('paste.add', { count: ready.length })}
          </Button>
          {added && <ButtonLink variant="secondary" to={paths.courses.practice.getHref(courseId)}>{t('section.practise')}</ButtonLink>}
        </div>
      </form>
    </div>
  );
}
