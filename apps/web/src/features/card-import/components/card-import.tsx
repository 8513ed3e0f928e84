import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CardImportPreview, CardImportResult } from '@blok/contract/card-import';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { usePreviewImport } from '../api/preview-import.ts';
import { useConfirmImport } from '../api/confirm-import.ts';
import { sourceOfFile, titleOfFile, type ImportChoice } from '../utils/import-query.ts';
import { ImportedSet } from './imported-set.tsx';
import styles from './card-import.module.css';

type Mode = 'paste' | 'file';

const SEPARATORS = ['auto', 'tab', 'comma', 'semicolon', 'custom'] as const;
const HEADERS = ['auto', 'yes', 'no'] as const;

/** The Dutch reason of a refused request: the API's own description, or a general text. */
function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.description) return error.description;
  return fallback;
}

/** Where the new set goes: one of her subjects (and optionally a chapter of it), or personal (''). The route knows her library. */
export interface ImportPlace {
  subjects: ReadonlyArray<{ id: string; title: string }>;
  /** the chapters of the chosen subject */
  chapters: ReadonlyArray<{ id: string; title: string }>;
  subjectId: string;
  chapterId: string;
  onSubject: (subjectId: string) => void;
  onChapter: (chapterId: string) => void;
}

/**
 * The import screen: paste a text or choose a file (text, .apkg, .colpkg), see the preview (how
 * many cards, the first ten as they will look, every problem), name the set, choose where it goes
 * (one of her subjects and a chapter, or personal) and confirm. The file is sent again on
 * confirm; nothing is stored before.
 */
export function CardImport({ onImported, place }: { onImported?: (result: CardImportResult) => void; place?: ImportPlace }) {
  const { t } = useTranslation('cardImport');
  const id = useId();
  const [mode, setMode] = useState<Mode>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<ImportChoice>({ source: 'text', separator: 'auto', customSeparator: '', header: 'auto', mapping: {} });
  const [preview, setPreview] = useState<CardImportPreview | null>(null);
  const [title, setTitle] = useState('');
  const [skipProblems, setSkipProblems] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const [result, setResult] = useState<{ set: CardImportResult; skipped: number } | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const previewing = usePreviewImport();
  const confirming = useConfirmImport();

  const body = (): Blob | null => {
    if (mode === 'paste') return text.trim() ? new Blob([text], { type: 'text/plain; charset=utf-8' }) : null;
    if (!file) return null;
    return new Blob([file], { type: choice.source === 'text' ? 'text/plain; charset=utf-8' : 'application/octet-stream' });
  };

  const runPreview = (next: ImportChoice) => {
    const blob = body();
    if (!blob) {
      setInputError(mode === 'paste' ? t('input.pasteEmpty') : t('input.fileEmpty'));
      return;
    }
    setInputError(null);
    confirming.reset();
    previewing.mutate(
      { file: blob, choice: next },
      {
        onSuccess: (result) => {
          setPreview(result);
          // the deck's name of a package, else the file's name (a pasted text has neither)
          setTitle((current) => current || result.suggestedTitle || (mode === 'file' && file ? titleOfFile(file.name) : ''));
          setSkipProblems(false);
        },
        onError: () => setPreview(null),
      },
    );
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    runPreview(choice);
  };

  const change = (patch: Partial<ImportChoice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setPreview(null);
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    const blob = body();
    if (!blob || !preview) return;
    confirming.mutate(
      { file: blob, choice, title: title.trim(), skipProblems, subjectId: place?.subjectId || null, chapterId: (place?.subjectId && place.chapterId) || null },
      {
        onSuccess: (done) => {
          setResult({ set: done, skipped: skipProblems ? (preview.skippedCount ?? 0) : 0 });
          setPreview(null);
          onImported?.(done);
        },
      },
    );
  };

  const changeMapping = (noteTypeId: string, side: 'front' | 'back', value: number, current: { front: number; back: number }) => {
    const next = { ...choice, mapping: { ...choice.mapping, [noteTypeId]: { ...current, [side]: value } } };
    setChoice(next);
    const m = next.mapping[noteTypeId]!;
    if (m.front !== m.back) runPreview(next);
  };

  // a new preview takes the focus: its heading is read out, the cards follow
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const skipped = preview?.skippedCount ?? 0;
  const blocked = skipped > 0 && !skipProblems;

  if (result) {
    return (
      <div className={styles.screen}>
        <ImportedSet set={result.set} skipped={result.skipped} />
        <Button
          variant="secondary"
          onClick={() => {
            setResult(null);
            setText('');
            setFile(null);
            setTitle('');
            confirming.reset();
            previewing.reset();
          }}
        >
          {t('done.another')}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.screen}>
      <form className={styles.card} onSubmit={onPreview} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('input.modeLegend')}</legend>
          <div className={styles.choices}>
            {(['paste', 'file'] as const).map((m) => (
              <label key={m} className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={m}
                  checked={mode === m}
                  onChange={() => {
                    setMode(m);
                    setPreview(null);
                    change({ source: m === 'paste' ? 'text' : sourceOfFile(file?.name ?? '') });
                  }}
                />
                {t(`input.mode.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>

        {mode === 'paste' ? (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-text`}>
              {t('input.pasteLabel')}
            </label>
            <p className={styles.hint} id={`${id}-text-hint`}>
              {t('input.pasteHint')}
            </p>
            <textarea
              id={`${id}-text`}
              className={styles.textarea}
              rows={7}
              value={text}
              aria-describedby={`${id}-text-hint`}
              onChange={(e) => {
                setText(e.target.value);
                setPreview(null);
              }}
            />
          </div>
        ) : (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-file`}>
              {t('input.fileLabel')}
            </label>
            <p className={styles.hint} id={`${id}-file-hint`}>
              {t('input.fileHint')}
            </p>
            <input
              id={`${id}-file`}
              className={styles.file}
              type="file"
              accept=".txt,.csv,.tsv,.apkg,.colpkg,text/plain,text/csv,text/tab-separated-values"
              aria-describedby={`${id}-file-hint`}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setTitle('');
                change({ source: sourceOfFile(chosen?.name ?? ''), mapping: {} });
              }}
            />
          </div>
        )}

        {choice.source === 'text' && (
          <>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t('input.separatorLegend')}</legend>
              <div className={styles.choices}>
                {SEPARATORS.map((s) => (
                  <label key={s} className={styles.choice}>
                    <input type="radio" name={`${id}-separator`} value={s} checked={choice.separator === s} onChange={() => change({ separator: s })} />
                    {t(`input.separator.${s}`)}
                  </label>
                ))}
              </div>
              {choice.separator === 'custom' && (
                <TextField label={t('input.customLabel')} maxLength={5} value={choice.customSeparator} onChange={(e) => change({ customSeparator: e.target.value })} />
              )}
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t('input.headerLegend')}</legend>
              <div className={styles.choices}>
                {HEADERS.map((h) => (
                  <label key={h} className={styles.choice}>
                    <input type="radio" name={`${id}-header`} value={h} checked={choice.header === h} onChange={() => change({ header: h })} />
                    {t(`input.header.${h}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}

        {inputError && (
          <Notice variant="error" role="alert">
            {inputError}
          </Notice>
        )}
        {previewing.isError && (
          <Notice variant="error" role="alert" title={t('preview.refused')}>
            {errorText(previewing.error, t('preview.failed'))}
          </Notice>
        )}
        <Button type="submit" isBusy={previewing.isPending} busyLabel={t('input.previewBusy')}>
          {t('input.preview')}
        </Button>
      </form>

      {preview && (
        <section className={styles.card} aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`} ref={previewHeading} tabIndex={-1} className={styles.heading}>
            {t('preview.title')}
          </h2>
          <p className={styles.summary}>
            {t('preview.count', { count: preview.cardCount })}
            {preview.pictureCount > 0 && ` ${t('preview.pictures', { count: preview.pictureCount })}`}
            {skipped > 0 && ` ${t('preview.skipped', { count: skipped })}`}
          </p>
          {preview.source === 'text' && preview.separator && (
            <p className={styles.hint}>
              {t('preview.separatorUsed', { separator: t(`input.separator.${preview.separator}`) })} {preview.header ? t('preview.headerUsed') : ''}
            </p>
          )}

          {preview.notices.length > 0 && (
            <Notice variant="info">
              <ul className={styles.plainList}>
                {preview.notices.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            </Notice>
          )}

          {preview.noteTypes.filter((nt) => nt.fields.length > 2).map((nt) => (
            <fieldset key={nt.id} className={styles.fieldset}>
              <legend className={styles.legend}>{t('preview.mappingLegend', { name: nt.name })}</legend>
              <div className={styles.mapping}>
                {(['front', 'back'] as const).map((side) => (
                  <div key={side} className={styles.field}>
                    <label className={styles.label} htmlFor={`${id}-${nt.id}-${side}`}>
                      {t(`preview.${side}Field`)}
                    </label>
                    <select
                      id={`${id}-${nt.id}-${side}`}
                      className={styles.select}
                      value={nt[side]}
                      onChange={(e) => changeMapping(nt.id, side, Number(e.target.value), { front: nt.front, back: nt.back })}
                    >
                      {nt.fields.map((f, i) => (
                        <option key={f} value={i}>
                          {f}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
            </fieldset>
          ))}

          {preview.problems.length > 0 && (
            <div className={styles.problems}>
              <h3 className={styles.subheading}>{t('preview.problemsTitle', { count: preview.problems.length })}</h3>
              <ul className={styles.problemList}>
                {preview.problems.map((p, i) => (
                  <li key={`${p.where}-${i}`}>
                    <strong>{p.where}</strong>: {p.message} {p.skipped ? t('preview.leftOut') : ''}
                  </li>
                ))}
              </ul>
            </div>
          )}

          {preview.cards.length > 0 && (
            <>
              <h3 className={styles.subheading}>{t('preview.firstCards', { count: preview.cards.length })}</h3>
              <ol className={styles.cards}>
                {preview.cards.map((c) => (
                  <li key={c.source} className={styles.previewCard}>
                    <div className={styles.side}>
                      <span className={styles.sideLabel}>{t('preview.front')}</span>
                      <div className={styles.sideHtml} dangerouslySetInnerHTML={{ __html: c.frontHtml }} />
                      {c.frontPicture && <p className={styles.picture}>{t('preview.picture', { name: c.frontPicture })}</p>}
                    </div>
                    <div className={styles.side}>
                      <span className={styles.sideLabel}>{t('preview.back')}</span>
                      <div className={styles.sideHtml} dangerouslySetInnerHTML={{ __html: c.backHtml }} />
                      {c.backPicture && <p className={styles.picture}>{t('preview.picture', { name: c.backPicture })}</p>}
                    </div>
                    {c.tags.length > 0 && <p className={styles.tags}>{t('preview.tags', { tags: c.tags.join(', ') })}</p>}
                  </li>
                ))}
              </ol>
            </>
          )}

          {preview.cardCount > 0 && (
            <form className={styles.confirm} onSubmit={onConfirm} noValidate>
              <TextField label={t('confirm.titleLabel')} value={title} maxLength={120} required onChange={(e) => setTitle(e.target.value)} />
              {place && (
                <>
                  <div className={styles.field}>
                    <label className={styles.label} htmlFor={`${id}-subject`}>
                      {t('confirm.subjectLabel')}
                    </label>
                    <select id={`${id}-subject`} className={styles.select} value={place.subjectId} onChange={(e) => place.onSubject(e.target.value)}>
                      <option value="">{t('confirm.personal')}</option>
                      {place.subjects.map((subject) => (
                        <option key={subject.id} value={subject.id}>
                          {subject.title}
                        </option>
                      ))}
                    </select>
                  </div>
                  {place.subjectId && place.chapters.length > 0 && (
                    <div className={styles.field}>
                      <label className={styles.label} htmlFor={`${id}-chapter`}>
                        {t('confirm.chapterLabel')}
                      </label>
                      <p className={styles.hint} id={`${id}-chapter-hint`}>
                        {t('confirm.chapterHint')}
                      </p>
                      <select id={`${id}-chapter`} className={styles.select} value={place.chapterId} aria-describedby={`${id}-chapter-hint`} onChange={(e) => place.onChapter(e.target.value)}>
                        <option value="">{t('confirm.noChapter')}</option>
                        {place.chapters.map((chapter) => (
                          <option key={chapter.id} value={chapter.id}>
                            {chapter.title}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                </>
              )}
              {skipped > 0 && (
                <label className={styles.check}>
                  <input type="checkbox" checked={skipProblems} onChange={(e) => setSkipProblems(e.target.checked)} />
                  {t('confirm.skipProblems', { count: skipped })}
                </label>
              )}
              {confirming.isError && (
                <Notice variant="error" role="alert">
                  {errorText(confirming.error, t('confirm.failed'))}
                </Notice>
              )}
              <Button type="submit" disabled={blocked || title.trim() === ''} isBusy={confirming.isPending} busyLabel={t('confirm.busy')}>
                {t('confirm.submit', { count: preview.cardCount })}
              </Button>
              {blocked && <p className={styles.hint}>{t('confirm.blockedHint')}</p>}
            </form>
          )}
        </section>
      )}
    </div>
  );
}
