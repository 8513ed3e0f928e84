import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ANNOTATION_COLORS, type AnnotationColor } from '@blok/contract/annotations';
import type { ChapterContent } from '@blok/contract/library';
import { describeRange, resolveAnchor } from '@blok/domain/anchoring';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button/button.tsx';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import { CloseIcon } from '../../../components/icons/icons.tsx';
import { annotationsQueryKey, useAnnotations, useCreateAnnotation, useUpdateAnnotation } from '../api/annotations.ts';
import { useDeleteWithUndo } from './undo-delete.tsx';
import { paragraphAround, rangeOf, selectionOffsets, sentences, textMap, unwrapAll, wrapText } from '../utils/dom-text.ts';
import { HighlightIcon, NOTE_ICON_HTML, NoteIcon } from './icons.tsx';
import { EditPanel, NoteForm, shorten } from './annotation-forms.tsx';
import { BottomPanel, panelStyles } from '../../../components/ui/bottom-panel/bottom-panel.tsx';
import styles from './annotations.module.css';

const MARKS = 'mark[data-annotation-id]';
/** the id of a highlight's first piece, the target of 'Ga naar de tekst' in the list */
export const markAnchorId = (annotationId: string) => `markering-${annotationId}`;

type Picked = { start: number; end: number; quote: string };


/**
 * Highlights and notes in an open chapter (issue 28, decision 025): paints hers as <mark>s in the
 * chapter's HTML, and offers a panel at the bottom for text she selects (mouse, touch, or the
 * browser's caret) or chooses by keyboard ('Tekst kiezen': a sentence, the next, one more, the
 * paragraph): highlight in a colour, or a note. A highlight opens its panel to change or delete it.
 */
export function ChapterAnnotations({ proseRef, chapter }: { proseRef: RefObject<HTMLDivElement | null>; chapter: ChapterContent }) {
  const { t } = useTranslation(['annotations', 'common']);
  const queryClient = useQueryClient();
  const list = useAnnotations(chapter.summaryId);
  const create = useCreateAnnotation(chapter.summaryId);
  const update = useUpdateAnnotation(chapter.summaryId);
  const { flashcardsEnabled } = useFeatureFlags();
  const all = list.data?.annotations;
  // what is painted: a refetch that only brings the server's timestamps paints nothing again
  const paintKey = JSON.stringify((all ?? []).filter((a) => a.chapterId === chapter.chapterId).map((a) => [a.id, a.color, a.note, a.anchor]));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- paintKey is what of `all` matters here
  const mine = useMemo(() => (all ?? []).filter((a) => a.chapterId === chapter.chapterId), [paintKey, chapter.chapterId]);

  const [picked, setPicked] = useState<Picked | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const [writing, setWriting] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const deletion = useDeleteWithUndo(chapter.summaryId, { onFailed: () => setAnnouncement(t('failed')), onRestored: () => setAnnouncement(t('restored')) });
  const chooseRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /** where the focus goes back to when the panel closes: 'Tekst kiezen', or a note's button */
  const returnFocus = useRef<{ to: 'choose' } | { to: 'note'; id: string } | null>(null);
  const focusPanel = useRef(false);
  const jumped = useRef<string | null>(null);
  const sawFirstSelection = useRef(false);
  const editing = editingId ? mine.find((a) => a.id === editingId) : undefined;
  const colorName = (color: AnnotationColor) => t(`colors.${color}`);

  // What she selects in the chapter (mouse, touch, caret browsing) opens the panel.
  useEffect(() => {
    const onChange = () => {
      const prose = proseRef.current;
      if (!prose) return;
      const found = selectionOffsets(prose, document.getSelection());
      if (found) {
        setPicked({ start: found.start, end: found.end, quote: found.map.text.slice(found.start, found.end) });
        setEditingId(null);
        return;
      }
      // working in the panel (the note field takes the selection) keeps what she chose
      if (panelRef.current?.contains(document.activeElement)) return;
      setPicked((current) => (current && !keyboard ? null : current));
    };
    document.addEventListener('selectionchange', onChange);
    // This code arrives after the chapter's first paint (issue 43): what she selected before it did counts too.
    if (!sawFirstSelection.current) {
      sawFirstSelection.current = true;
      onChange();
    }
    return () => document.removeEventListener('selectionchange', onChange);
  }, [proseRef, keyboard]);

  // Her highlights as <mark>s (with what a screen reader says at either end), a note's button after.
  useEffect(() => {
    const prose = proseRef.current;
    if (!prose) return;
    // the focus on a highlight or a note's button stays on it when they are painted again
    const focused = document.activeElement instanceof HTMLElement && prose.contains(document.activeElement) ? document.activeElement : null;
    const refocus = focused?.dataset.annotationId ? { id: focused.dataset.annotationId, ui: focused.hasAttribute('data-annotation-ui') } : null;
    unwrapAll(prose, MARKS);
    const { text } = textMap(prose);
    for (const a of mine) {
      const found = resolveAnchor(text, a.anchor);
      if (!found) continue;
      const pieces = wrapText(prose, found.start, found.end, () => {
        const mark = document.createElement('mark');
        mark.className = styles.mark!;
        mark.dataset.annotationId = a.id;
        mark.dataset.color = a.color;
        if (a.note) mark.dataset.note = '';
        return mark;
      });
      const first = pieces[0];
      const last = pieces[pieces.length - 1];
      if (!first || !last) continue;
      first.id = markAnchorId(a.id);
      first.tabIndex = -1;
      first.dataset.srStart = t(a.note ? 'srStartNote' : 'srStart', { color: colorName(a.color as AnnotationColor) });
      last.dataset.srEnd = a.note ? t('srEndNote', { note: a.note }) : t('srEnd');
      if (a.note) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = styles.noteButton!;
        button.dataset.annotationUi = '';
        button.dataset.annotationId = a.id;
        button.setAttribute('aria-label', t('noteButton', { quote: shorten(a.anchor.quote.exact, 40), note: shorten(a.note, 80) }));
        button.innerHTML = NOTE_ICON_HTML;
        last.after(button);
      }
    }
    if (refocus) {
      const again = refocus.ui
        ? prose.querySelector<HTMLElement>(`[data-annotation-ui][data-annotation-id="${CSS.escape(refocus.id)}"]`)
        : document.getElementById(markAnchorId(refocus.id));
      again?.focus({ preventScroll: true });
    }
    // 'Ga naar de tekst' from the list: to the highlight, once per address
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (hash && hash !== jumped.current) {
      const target = document.getElementById(hash);
      if (target && prose.contains(target)) {
        jumped.current = hash;
        // after the reader restored her place
        requestAnimationFrame(() => {
          target.scrollIntoView({ block: 'center' });
          target.focus({ preventScroll: true });
          target.classList.add(styles.flash!);
          setTimeout(() => target.classList.remove(styles.flash!), 2000);
        });
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- colorName is t
  }, [mine, chapter.html, proseRef, t]);

  // A click on a highlight (or its note's button) opens it.
  useEffect(() => {
    const prose = proseRef.current;
    if (!prose) return;
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>('[data-annotation-id]');
      if (!target || !document.getSelection()?.isCollapsed && target.tagName === 'MARK') return;
      returnFocus.current = target.tagName === 'BUTTON' ? { to: 'note', id: target.dataset.annotationId ?? '' } : null;
      focusPanel.current = target.tagName === 'BUTTON';
      setPicked(null);
      setWriting(false);
      setEditingId(target.dataset.annotationId ?? null);
    };
    prose.addEventListener('click', onClick);
    return () => prose.removeEventListener('click', onClick);
  }, [proseRef]);

  // The panel opened by keyboard takes the focus.
  useEffect(() => {
    if (!focusPanel.current) return;
    focusPanel.current = false;
    panelRef.current?.querySelector<HTMLElement>('button, textarea')?.focus();
  });

  const choose = (range: { start: number; end: number }) => {
    const prose = proseRef.current;
    if (!prose) return;
    const map = textMap(prose);
    const dom = rangeOf(map, range.start, range.end);
    const selection = document.getSelection();
    if (!dom || !selection) return;
    selection.removeAllRanges();
    selection.addRange(dom);
    const quote = map.text.slice(range.start, range.end);
    setPicked({ ...range, quote });
    setAnnouncement(t('chosen', { text: shorten(quote, 200) }));
    const box = dom.getBoundingClientRect();
    if (box.top < 120 || box.bottom > window.innerHeight * 0.55) window.scrollBy({ top: box.top - window.innerHeight * 0.3, behavior: 'instant' as ScrollBehavior });
  };

  /** 'Tekst kiezen': the first sentence in view (else the first), and the panel with the focus. */
  const startKeyboard = () => {
    const prose = proseRef.current;
    if (!prose) return;
    const map = textMap(prose);
    const all = sentences(map.text);
    const inView = all.find((s) => {
      const box = rangeOf(map, s.start, s.end)?.getBoundingClientRect();
      return box && box.top >= 120 && box.top < window.innerHeight;
    });
    const first = inView ?? all[0];
    if (!first) return;
    returnFocus.current = { to: 'choose' };
    focusPanel.current = true;
    setEditingId(null);
    setWriting(false);
    setKeyboard(true);
    choose(first);
  };

  const move = (how: 'previous' | 'next' | 'extend' | 'paragraph') => {
    const prose = proseRef.current;
    if (!prose || !picked) return;
    const { text } = textMap(prose);
    const all = sentences(text);
    if (how === 'paragraph') return choose(paragraphAround(text, picked.start));
    if (how === 'previous') {
      const before = [...all].reverse().find((s) => s.end <= picked.start);
      if (before) choose(before);
      return;
    }
    const after = all.find((s) => s.start >= picked.end);
    if (after) choose(how === 'next' ? after : { start: picked.start, end: after.end });
  };

  const close = () => {
    const back = returnFocus.current;
    returnFocus.current = null;
    setPicked(null);
    setEditingId(null);
    setWriting(false);
    setKeyboard(false);
    document.getSelection()?.removeAllRanges();
    if (!back) return;
    // after the highlights are painted again (a note's button is made anew)
    requestAnimationFrame(() => {
      const note = back.to === 'note' ? proseRef.current?.querySelector<HTMLElement>(`[data-annotation-ui][data-annotation-id="${CSS.escape(back.id)}"]`) : null;
      (note ?? chooseRef.current)?.focus({ preventScroll: true });
    });
  };

  const failed = () => {
    setAnnouncement(t('failed'));
    void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(chapter.summaryId) });
  };

  const make = (color: AnnotationColor, note: string | null) => {
    const prose = proseRef.current;
    if (!prose || !picked) return;
    const { text } = textMap(prose);
    create.mutate(
      { chapterId: chapter.chapterId, chapterTitleText: chapter.titleText, chapterNumber: chapter.number, color, note, anchor: describeRange(text, picked.start, picked.end) },
      { onError: failed },
    );
    close();
    setAnnouncement(note ? t('noteSaved') : t('saved', { color: colorName(color) }));
  };

  const count = all?.length ?? 0;
  const open = Boolean(editing || picked);

  // In the panel: Escape closes it; a mousedown keeps the selection in the chapter (the buttons
  // act on it), except in the note field.
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeRef.current();
    };
    const onMouseDown = (event: MouseEvent) => {
      if (!(event.target instanceof HTMLTextAreaElement)) event.preventDefault();
    };
    panel.addEventListener('keydown', onKeyDown);
    panel.addEventListener('mousedown', onMouseDown);
    return () => {
      panel.removeEventListener('keydown', onKeyDown);
      panel.removeEventListener('mousedown', onMouseDown);
    };
  }, [open]);

  return (
    <>
      <div className={styles.bar}>
        <button ref={chooseRef} type="button" className={buttonClassName({ variant: 'ghost', size: 'sm' })} onClick={startKeyboard} aria-describedby="annotations-choose-hint">
          <HighlightIcon size={18} />
          <span>{t('choose')}</span>
        </button>
        <span id="annotations-choose-hint" className="visually-hidden">
          {t('chooseHint')}
        </span>
        <Link to={paths.summary.annotations.getHref(chapter.summaryId)} className={styles.barLink}>
          {count > 0 ? t('mineCount', { count }) : t('mine')}
        </Link>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {deletion.toast}
      {open && (
        <BottomPanel as="div" ref={panelRef} role="region" aria-label={editing ? t('editTitle') : t('toolbar')}>
          {editing ? (
            <EditPanel
              key={editing.id}
              annotation={editing}
              onColor={(color) => update.mutate({ id: editing.id, color }, { onError: failed })}
              onNote={(note) => {
                update.mutate({ id: editing.id, note }, { onError: failed });
                setAnnouncement(t('changed'));
                close();
              }}
              onDelete={() => {
                // the toast says it, with its undo
                deletion.remove(editing);
                close();
              }}
              onClose={close}
            />
          ) : picked && writing ? (
            <NoteForm quote={picked.quote} onSave={(note) => make('yellow', note)} onCancel={() => setWriting(false)} />
          ) : picked ? (
            <>
              <p className={panelStyles.quote}>“{shorten(picked.quote, 140)}”</p>
              {keyboard && (
                <div className={panelStyles.row} role="group" aria-label={t('toolbar')}>
                  <Button variant="secondary" size="sm" onClick={() => move('previous')}>
                    {t('previousSentence')}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => move('next')}>
                    {t('nextSentence')}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => move('extend')}>
                    {t('extend')}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => move('paragraph')}>
                    {t('paragraph')}
                  </Button>
                </div>
              )}
              <div className={panelStyles.row} role="toolbar" aria-label={t('highlight')}>
                {ANNOTATION_COLORS.map((color) => (
                  <button
                    key={color}
                    type="button"
                    className={styles.swatch}
                    data-color={color}
                    aria-label={t('highlightIn', { color: colorName(color) })}
                    onClick={() => make(color, null)}
                  >
                    <HighlightIcon size={18} />
                  </button>
                ))}
                <Button variant="secondary" size="sm" icon={<NoteIcon size={18} />} onClick={() => setWriting(true)}>
                  {t('note')}
                </Button>
                {flashcardsEnabled && (
                  <ButtonLink
                    variant="secondary"
                    size="sm"
                    to={paths.ownCards.newCard.getHref({ achterkant: picked.quote, hoofdstuk: chapter.chapterId, samenvatting: chapter.summaryId })}
                  >
                    {t('flashcard')}
                  </ButtonLink>
                )}
                <Button variant="ghost" size="sm" className={panelStyles.rowEnd} icon={<CloseIcon size={18} />} onClick={close}>
                  {t('close')}
                </Button>
              </div>
            </>
          ) : null}
        </BottomPanel>
      )}
    </>
  );
}
