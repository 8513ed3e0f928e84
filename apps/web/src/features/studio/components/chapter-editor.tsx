import { useEffect, useId, useRef, useState } from 'react';
import type { StudioChapter, StudioImage, StudioQuestionList } from '@blok/contract/studio';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { previewChapter } from '../api/preview-chapter.ts';
import { TABLE_TEMPLATE } from '../utils/new-ids.ts';
import { Field } from './field.tsx';
import { ImageUpload } from './image-upload.tsx';
import styles from './studio.module.css';
import { useTypesetFormulas } from '../../../components/markdown/formulas.ts';

/** How long typing must pause before the preview is rendered again. */
const PREVIEW_DELAY_MS = 400;

type Props = {
  subjectId: string;
  chapter: StudioChapter;
  lists: StudioQuestionList[];
  onChange: (chapter: StudioChapter) => void;
  onRemove: () => void;
};

/**
 * One chapter: its fields, its Markdown and a live preview rendered on the server by the import's
 * own renderer, so she sees exactly the HTML the reader will show.
 */
export function ChapterEditor({ subjectId, chapter, lists, onChange, onRemove }: Props) {
  const { t } = useTranslation('studio');
  const [html, setHtml] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const previewBox = useRef<HTMLDivElement>(null);
  useTypesetFormulas(previewBox, html);
  const hintId = useId();
  const set = <K extends keyof StudioChapter>(key: K, value: StudioChapter[K]) => onChange({ ...chapter, [key]: value });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewChapter(subjectId, chapter.markdown, controller.signal)
        .then((r) => setHtml(r.html))
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [subjectId, chapter.markdown]);

  /** Inserts text at her cursor in the Markdown (where it was when she left the field) and puts her back after it. */
  const insertAtCursor = (text: string) => {
    const el = textarea.current;
    const at = el ? el.selectionEnd : chapter.markdown.length;
    set('markdown', `${chapter.markdown.slice(0, at)}${text}${chapter.markdown.slice(at)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + text.length, at + text.length);
    });
  };
  const insertTable = () => insertAtCursor(TABLE_TEMPLATE);
  /** An uploaded picture as a paragraph of its own: `![description](images/....webp)`. */
  const insertImage = (image: StudioImage, alt: string) => {
    const at = textarea.current ? textarea.current.selectionEnd : chapter.markdown.length;
    const before = chapter.markdown.slice(0, at);
    const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    insertAtCursor(`${lead}![${alt}](${image.path})\n\n`);
  };

  return (
    <div id="chapter-editor" tabIndex={-1} className={styles.stack}>
      <Field label={t('chapter.titleLabel')}>
{(id) => (
<input id={id} className={styles.input} value={chapter.title} onChange={(e) => set('title', e.target.value)} />
)}
</Field>
      <div className={styles.row}>
        <Field label={t('chapter.priority')}>
{(id) => (
<select id={id} className={styles.select} value={chapter.priority} onChange={(e) => set('priority', Number(e.target.value) as 1 | 2 | 3)}>
            {([1, 2, 3] as const).map((p) => (
              <option key={p} value={p}>
                {t(`chapter.priorities.${p}`)}
              </option>
            ))}
          </select>
)}
</Field>
        <Field label={t('chapter.access')}>
{(id) => (
<select id={id} className={styles.select} value={chapter.access} onChange={(e) => set('access', e.target.value as 'free' | 'premium')}>
            <option value="free">{t('chapter.free')}</option>
            <option value="premium">{t('chapter.premium')}</option>
          </select>
)}
</Field>
        <Field label={t('chapter.startPage')}>
{(id) => (
<input id={id} className={styles.input} type="number" min={1} value={chapter.startPage} onChange={(e) => set('startPage', Math.max(1, Number(e.target.value) || 1))} />
)}
</Field>
        <Field label={t('chapter.endPage')}>
{(id) => (
<input id={id} className={styles.input} type="number" min={1} value={chapter.endPage} onChange={(e) => set('endPage', Math.max(1, Number(e.target.value) || 1))} />
)}
</Field>
      </div>
      <Field label={t('chapter.questionList')}>
{(id) => (
<select id={id}
          className={styles.select}
          value={chapter.questionList ?? ''}
          onChange={(e) => {
            const { questionList: _old, ...rest } = chapter;
            onChange(e.target.value ? { ...rest, questionList: e.target.value } : rest);
          }}
        >
          <option value="">{t('chapter.noList')}</option>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.title || l.id}
            </option>
          ))}
        </select>
)}
</Field>
      <div className={styles.split}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${hintId}-md`}>
            {t('chapter.markdown')}
          </label>
          <p id={hintId} className={styles.small}>
            {t('chapter.markdownHint')}
          </p>
          <textarea
            id={`${hintId}-md`}
            ref={textarea}
            aria-describedby={hintId}
            className={`${styles.textarea} ${styles.markdown}`}
            value={chapter.markdown}
            onChange={(e) => set('markdown', e.target.value)}
          />
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={insertTable}>
              {t('chapter.insertTable')}
            </Button>
          </div>
          <ImageUpload subjectId={subjectId} onUploaded={insertImage} />
        </div>
        <section aria-label={t('chapter.preview')} className={styles.field}>
          <h3 className={styles.label}>{t('chapter.preview')}</h3>
          {/* focusable: a wide table scrolls sideways, by keyboard too (axe: scrollable-region-focusable) */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div ref={previewBox} className={styles.preview} tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      </div>
      <div className={styles.actions}>
        <Button variant="danger" size="sm" onClick={onRemove}>
          {t('chapter.remove')}
        </Button>
      </div>
    </div>
  );
}
