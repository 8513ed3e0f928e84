import { useEffect, useState } from 'react';
import type { StudioDocument, StudioDraft, StudioProblem } from '@blok/contract/studio';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { checkDraft } from '../api/check-draft.ts';
import { useSaveDraft } from '../api/save-draft.ts';
import { useReviewDraft, type ReviewStep } from '../api/review-draft.ts';
import { useReleases } from '../api/get-releases.ts';
import { newChapter, newFlashcardSet, newQuestionList } from '../utils/new-ids.ts';
import { ChapterEditor } from './chapter-editor.tsx';
import { QuestionListEditor } from './question-list-editor.tsx';
import { FlashcardSetEditor, cardElementId } from './flashcard-set-editor.tsx';
import { Field } from './field.tsx';
import { ReportsInbox } from './reports-inbox.tsx';
import { CalibrationReport } from './calibration-report.tsx';
import { ItemAnalysis } from './item-analysis.tsx';
import { StudentPreview, type RenderAudienceChoice } from './student-preview.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './studio.module.css';

/** How long typing must pause before the importer's checks run again. */
const CHECK_DELAY_MS = 500;

type Distributive<T> = T extends unknown ? Omit<T, 'subjectId'> : never;

/**
 * One subject in the studio: its chapters, question lists and flashcard sets, the preview as a
 * student of a given study year, the importer's problems as she types
 * (each with a button to its place), saving, and the review: submit, send back, publish, roll back.
 */
export function SubjectEditor({ draft, renderAudienceChoice }: { draft: StudioDraft; renderAudienceChoice: RenderAudienceChoice }) {
  const { t } = useTranslation('studio');
  const [doc, setDoc] = useState<StudioDocument>(draft.document);
  const [dirty, setDirty] = useState(false);
  const [check, setCheck] = useState({ problems: draft.problems, warnings: draft.warnings });
  const [checking, setChecking] = useState(false);
  const [chapterId, setChapterId] = useState(draft.document.summaries[0]?.chapters[0]?.id ?? '');
  const [listId, setListId] = useState(draft.document.questionLists[0]?.id ?? '');
  const [setId, setSetId] = useState(draft.document.flashcardSets[0]?.id ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [comment, setComment] = useState('');
  const save = useSaveDraft();
  const review = useReviewDraft();
  const releases = useReleases(draft.subjectId);

  const edit = (next: StudioDocument) => {
    setDoc(next);
    setDirty(true);
  };

  // The importer's checks as she types: on the server, the same code as the import.
  useEffect(() => {
    if (!dirty) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      checkDraft(doc, controller.signal)
        .then((result) => setCheck(result))
        .catch(() => undefined)
        .finally(() => setChecking(false));
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [doc, dirty]);

  const failed = (err: unknown) =>
    setMessage({ ok: false, text: t('editor.error', { message: err instanceof ApiError ? [err.description, ...err.fields.map((f) => `${f.field}: ${f.message}`)].join(' ') : '' }) });

  const onSave = () => {
    setMessage(null);
    save.mutate(doc, {
      onSuccess: (saved) => {
        setDirty(false);
        setCheck({ problems: saved.problems, warnings: saved.warnings });
        setMessage({ ok: true, text: t('editor.saved') });
      },
      onError: failed,
    });
  };

  const step = (input: Distributive<ReviewStep>, done: (d: StudioDraft) => string) => {
    setMessage(null);
    review.mutate({ ...input, subjectId: draft.subjectId } as ReviewStep, {
      onSuccess: (next) => {
        setDoc(next.document);
        setDirty(false);
        setCheck({ problems: next.problems, warnings: next.warnings });
        setMessage({ ok: true, text: done(next) });
      },
      onError: failed,
    });
  };

  const goTo = (p: StudioProblem) => {
    if (p.chapter) setChapterId(p.chapter);
    if (p.list) setListId(p.list);
    if (p.set) setSetId(p.set);
    // after the editor of that part has rendered
    requestAnimationFrame(() => {
      const target = document.getElementById(
        p.question ? `question-${p.question}` : p.card ? cardElementId(p.card) : p.chapter ? 'chapter-editor' : p.list ? 'list-editor' : p.set ? 'set-editor' : 'studio-status',
      );
      target?.focus();
      target?.scrollIntoView({ block: 'start' });
    });
  };
  const placeOf = (p: StudioProblem) =>
    p.question
      ? t('editor.placeQuestion', { id: p.question })
      : p.card
        ? t('editor.placeCard', { id: p.card })
        : p.chapter
          ? t('editor.placeChapter', { id: p.chapter })
          : p.list
            ? t('editor.placeList', { id: p.list })
            : p.set
              ? t('editor.placeSet', { id: p.set })
              : t('editor.placeSubject');

  const addChapter = () => {
    const chapter = newChapter(doc);
    const summaries = doc.summaries.map((s, i) => (i === 0 ? { ...s, chapters: [...s.chapters, chapter] } : s));
    edit({ ...doc, summaries });
    setChapterId(chapter.id);
  };
  const addList = () => {
    const list = newQuestionList(doc);
    edit({ ...doc, questionLists: [...doc.questionLists, list] });
    setListId(list.id);
  };

  const addSet = () => {
    const set = newFlashcardSet(doc);
    edit({ ...doc, flashcardSets: [...doc.flashcardSets, set] });
    setSetId(set.id);
  };

  const chapters = doc.summaries.flatMap((s) => s.chapters);
  const flashcardSet = doc.flashcardSets.find((x) => x.id === setId);
  const chapter = chapters.find((c) => c.id === chapterId);
  const list = doc.questionLists.find((l) => l.id === listId);
  const status = dirty ? 'draft' : draft.status;
  const busy = save.isPending || review.isPending;

  return (
    <div className={styles.stack}>
      <Card as="section" spacious className={styles.card} aria-labelledby="studio-status">
        <h2 id="studio-status" tabIndex={-1} className={styles.sectionTitle}>
          {t('editor.statusLine', { status: t(`status.${status}`) })}
        </h2>
        {draft.comment && <Notice variant="warning">{t('editor.comment', { comment: draft.comment })}</Notice>}
        {dirty && <p className={styles.small}>{t('editor.unsaved')}</p>}
        <div aria-live="polite">
          {checking ? (
            <p className={styles.small}>{t('editor.checking')}</p>
          ) : check.problems.length === 0 ? (
            <p className={styles.small}>{t('editor.noProblems')}</p>
          ) : (
            <p>
              <strong>{t('editor.problems', { count: check.problems.length })}</strong>
            </p>
          )}
        </div>
        {check.problems.length > 0 && (
          <ul className={styles.problems}>
            {check.problems.map((p, i) => (
              <li key={`${p.file}-${p.field}-${i}`}>
                <button type="button" className={styles.problemButton} onClick={() => goTo(p)}>
                  <strong>{t('editor.goTo', { place: placeOf(p) })}</strong>: {p.field}: {p.message}
                </button>
              </li>
            ))}
          </ul>
        )}
        {check.warnings.map((w, i) => (
          <p key={i} className={styles.warning}>
            {t('editor.warnings')}: {w.message}
          </p>
        ))}
        <div className={styles.actions}>
          <Button onClick={onSave} isBusy={save.isPending} busyLabel={t('editor.saving')} disabled={busy && !save.isPending}>
            {t('editor.save')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy || dirty || check.problems.length > 0 || draft.status === 'in_review' || draft.status === 'published'}
            onClick={() => step({ step: 'submit' }, () => t('editor.submitted'))}
          >
            {t('editor.submit')}
          </Button>
          {draft.canPublish && (
            <Button
              disabled={busy || dirty || check.problems.length > 0 || draft.status !== 'in_review'}
              onClick={() => step({ step: 'publish' }, (d) => t('editor.published', { number: d.release ?? 0 }))}
            >
              {t('editor.publish')}
            </Button>
          )}
        </div>
        {dirty && (draft.status === 'in_review' || draft.canPublish) && <p className={styles.small}>{t('editor.saveFirst')}</p>}
        {draft.canPublish && draft.status === 'in_review' && (
          <div className={styles.row}>
            <Field label={t('editor.sendBackLabel')}>
{(id) => (
<textarea id={id} className={styles.textarea} value={comment} onChange={(e) => setComment(e.target.value)} />
)}
</Field>
            <Button variant="secondary" disabled={busy || comment.trim() === ''} onClick={() => step({ step: 'send-back', comment }, () => t('editor.sentBack'))}>
              {t('editor.sendBack')}
            </Button>
          </div>
        )}
        {message && (
          <Notice variant={message.ok ? 'success' : 'error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Notice>
        )}
      </Card>

      <Card as="section" spacious className={styles.card} aria-labelledby="studio-chapters">
        <h2 id="studio-chapters" className={styles.sectionTitle}>
          {t('chapter.title')}
        </h2>
        <div className={styles.row}>
          {chapters.length > 0 && (
            <Field label={t('chapter.pick')}>
{(id) => (
<select id={id} className={styles.select} value={chapterId} onChange={(e) => setChapterId(e.target.value)}>
                {chapters.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title.replace(/<[^>]*>/g, '') || t('chapter.untitled')}
                  </option>
                ))}
              </select>
)}
</Field>
          )}
          <Button variant="secondary" onClick={addChapter}>
            {t('chapter.add')}
          </Button>
        </div>
        {chapters.length === 0 && <p className={styles.muted}>{t('chapter.none')}</p>}
        {chapter && (
          <ChapterEditor
            key={chapter.id}
            subjectId={doc.id}
            chapter={chapter}
            lists={doc.questionLists}
            onChange={(next) => edit({ ...doc, summaries: doc.summaries.map((s) => ({ ...s, chapters: s.chapters.map((c) => (c.id === next.id ? next : c)) })) })}
            onRemove={() => {
              edit({ ...doc, summaries: doc.summaries.map((s) => ({ ...s, chapters: s.chapters.filter((c) => c.id !== chapter.id) })) });
              setChapterId(chapters.find((c) => c.id !== chapter.id)?.id ?? '');
            }}
          />
        )}
      </Card>

      <Card as="section" spacious className={styles.card} aria-labelledby="studio-lists">
        <h2 id="studio-lists" className={styles.sectionTitle}>
          {t('questions.title')}
        </h2>
        <div className={styles.row}>
          {doc.questionLists.length > 0 && (
            <Field label={t('questions.pick')}>
{(id) => (
<select id={id} className={styles.select} value={listId} onChange={(e) => setListId(e.target.value)}>
                {doc.questionLists.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.title || t('chapter.untitled')}
                  </option>
                ))}
              </select>
)}
</Field>
          )}
          <Button variant="secondary" onClick={addList}>
            {t('questions.addList')}
          </Button>
        </div>
        {doc.questionLists.length === 0 && <p className={styles.muted}>{t('questions.none')}</p>}
        {list && (
          <QuestionListEditor
            key={list.id}
            subjectId={doc.id}
            list={list}
            chapters={chapters}
            problems={check.problems.filter((p) => p.list === list.id)}
            warnings={check.warnings.filter((w) => w.list === list.id)}
            onChange={(next) => edit({ ...doc, questionLists: doc.questionLists.map((l) => (l.id === next.id ? next : l)) })}
          />
        )}
      </Card>

      <Card as="section" spacious className={styles.card} aria-labelledby="studio-sets">
        <h2 id="studio-sets" className={styles.sectionTitle}>
          {t('cards.title')}
        </h2>
        <div className={styles.row}>
          {doc.flashcardSets.length > 0 && (
            <Field label={t('cards.pick')}>
              {(id) => (
                <select id={id} className={styles.select} value={setId} onChange={(e) => setSetId(e.target.value)}>
                  {doc.flashcardSets.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.title || t('chapter.untitled')}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Button variant="secondary" onClick={addSet}>
            {t('cards.addSet')}
          </Button>
        </div>
        {doc.flashcardSets.length === 0 && <p className={styles.muted}>{t('cards.none')}</p>}
        {flashcardSet && (
          <FlashcardSetEditor
            key={flashcardSet.id}
            set={flashcardSet}
            chapters={chapters}
            onChange={(next) => edit({ ...doc, flashcardSets: doc.flashcardSets.map((x) => (x.id === next.id ? next : x)) })}
            onRemove={() => {
              edit({ ...doc, flashcardSets: doc.flashcardSets.filter((x) => x.id !== flashcardSet.id) });
              setSetId(doc.flashcardSets.find((x) => x.id !== flashcardSet.id)?.id ?? '');
            }}
          />
        )}
      </Card>

      <StudentPreview document={doc} renderChoice={renderAudienceChoice} />

      <ReportsInbox subjectId={draft.subjectId} />

      {/* editors and admins: is the expected grade students see honest? (the API answers no one else) */}
      {draft.canPublish && <CalibrationReport subjectId={draft.subjectId} />}

      <ItemAnalysis subjectId={draft.subjectId} />

      <Card as="section" spacious className={styles.card} aria-labelledby="studio-releases">
        <h2 id="studio-releases" className={styles.sectionTitle}>
          {t('releases.title')}
        </h2>
        {releases.data?.releases.length === 0 && <p className={styles.muted}>{t('releases.empty')}</p>}
        <ul className={styles.list}>
          {releases.data?.releases.map((r) => (
            <li key={r.number} className={styles.answer}>
              <strong>
                {t('releases.item', { number: r.number, date: new Date(r.publishedAt).toLocaleString('nl-NL'), who: r.publishedBy })}
                {r.current ? ` (${t('releases.current')})` : ''}
              </strong>
              <ul>
                {r.changes.map((c, i) => (
                  <li key={i}>{c}</li>
                ))}
              </ul>
              {draft.canPublish && !r.current && (
                <div>
                  <Button variant="ghost" size="sm" disabled={busy} onClick={() => step({ step: 'roll-back', release: r.number }, () => t('releases.rolledBack', { number: r.number }))}>
                    {t('releases.rollBack', { number: r.number })}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
