import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AnnotationColor } from '@blok/contract/annotations';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { BottomPanel, panelStyles } from '../../../components/ui/bottom-panel/bottom-panel.tsx';
import type { PdfPick, PdfTextLayers } from '../../../components/pdf-annotations-slot/pdf-annotations-slot.ts';
import { courseAnnotationsQueryKey, useCourseAnnotations, useCreatePdfAnnotation, useDeletePdfAnnotation, useUpdatePdfAnnotation } from '../api/pdf-annotations.ts';
import { paintLayer, pickAnchor } from '../utils/pdf-text.ts';
import { EditPanel, NoteForm, shorten } from './annotation-forms.tsx';
import { HighlightIcon, NoteIcon } from './icons.tsx';
import styles from './annotations.module.css';

const MARKS = 'mark[data-pdf-annotation-id]';
/** the id of a highlight's first piece in the page: the target of 'Ga naar de tekst' (`#markering-…`) */
export const pdfMarkId = (annotationId: string) => `markering-${annotationId}`;

/**
 * Her highlights and notes on the pages of a PDF (issue 41): drawn on each page's text layer as the
 * viewer draws it (pages come and go as she scrolls), again when they change. The first piece of a
 * highlight is a button in the tab order after the pages' region (Enter or a click opens it: colour,
 * note, delete). `#markering-<id>` in the address (from 'Mijn markeringen') brings that highlight into
 * view and gives it the focus once its page is drawn.
 */
export function PdfHighlights({
  courseId,
  fileId,
  layers,
  announcement,
  onAnnounce,
}: {
  courseId: string;
  fileId: string;
  layers: PdfTextLayers;
  announcement: string;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation(['annotations', 'common']);
  const queryClient = useQueryClient();
  const list = useCourseAnnotations(courseId);
  const update = useUpdatePdfAnnotation(courseId);
  const remove = useDeletePdfAnnotation(courseId);
  const all = list.data?.annotations;
  // what is drawn: a refetch that only brings the server's timestamps draws nothing again
  const paintKey = JSON.stringify((all ?? []).filter((a) => a.fileId === fileId).map((a) => [a.id, a.color, a.note, a.anchor]));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- paintKey is what of `all` matters here
  const mine = useMemo(() => (all ?? []).filter((a) => a.fileId === fileId), [paintKey, fileId]);
  const version = useSyncExternalStore(layers.subscribe, layers.getVersion);
  const painted = useRef(new WeakMap<HTMLElement, string>());
  const jumped = useRef<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const focusPanel = useRef(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const open = openId ? mine.find((a) => a.id === openId) : undefined;
  const colorName = (color: AnnotationColor) => t(`colors.${color}`);

  // Draw on every page there is a text layer of, where what is on it changed.
  useEffect(() => {
    for (const [page, layer] of layers.entries()) {
      const onPage = mine.filter((a) => a.anchor.page === page);
      const key = JSON.stringify(onPage.map((a) => [a.id, a.color, a.note, a.anchor]));
      if (painted.current.get(layer) === key) continue;
      painted.current.set(layer, key);
      const focused = document.activeElement instanceof HTMLElement && layer.contains(document.activeElement) ? document.activeElement.dataset.pdfAnnotationId : undefined;
      const drawn = paintLayer(layer, MARKS, onPage, (h) => {
        const mark = document.createElement('mark');
        mark.className = styles.pdfMark!;
        mark.dataset.pdfAnnotationId = h.id;
        mark.dataset.color = h.color;
        if (h.note) mark.dataset.note = '';
        return mark;
      });
      for (const a of onPage) {
        const first = drawn.get(a.id)?.[0];
        if (!first) continue;
        first.id = pdfMarkId(a.id);
        first.tabIndex = 0;
        first.setAttribute('role', 'button');
        const quote = shorten(a.anchor.quote.exact, 80);
        first.setAttribute('aria-label', a.note ? t('pdfMarkNote', { color: colorName(a.color), quote, note: shorten(a.note, 120) }) : t('pdfMark', { color: colorName(a.color), quote }));
      }
      if (focused) document.getElementById(pdfMarkId(focused))?.focus({ preventScroll: true });
    }
    // 'Ga naar de tekst' from the list: to the highlight, once per address, when its page is drawn
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (hash && hash !== jumped.current) {
      const target = document.getElementById(hash);
      if (target && layers.entries().some(([, layer]) => layer.contains(target))) {
        jumped.current = hash;
        // after the viewer opened at its page: only as far as it takes, so that page stays the current one
        requestAnimationFrame(() => {
          target.scrollIntoView({ block: 'nearest' });
          target.focus({ preventScroll: true });
          target.classList.add(styles.flash!);
          setTimeout(() => target.classList.remove(styles.flash!), 2000);
        });
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- colorName is t
  }, [version, mine, layers, t]);

  // A click on a highlight, or Enter or Space on its first piece, opens it.
  useEffect(() => {
    const markOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(MARKS) : null);
    const onClick = (event: MouseEvent) => {
      const mark = markOf(event.target);
      if (!mark || !document.getSelection()?.isCollapsed) return;
      focusPanel.current = false;
      setOpenId(mark.dataset.pdfAnnotationId ?? null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const mark = markOf(event.target);
      if (!mark) return;
      event.preventDefault();
      focusPanel.current = true;
      setOpenId(mark.dataset.pdfAnnotationId ?? null);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  /** closes the panel; the focus goes back to the highlight (drawn again), or to the pages when it is gone */
  const close = (id: string, gone = false) => {
    const page = mine.find((a) => a.id === id)?.anchor.page;
    setOpenId(null);
    requestAnimationFrame(() => {
      const mark = gone ? null : document.getElementById(pdfMarkId(id));
      const pages = page !== undefined ? layers.get(page)?.closest<HTMLElement>('[role="region"]') : null;
      (mark ?? pages)?.focus({ preventScroll: true });
    });
  };

  // opened by keyboard: the panel takes the focus; Escape closes it
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    if (focusPanel.current) {
      focusPanel.current = false;
      panel.querySelector<HTMLElement>('button, textarea')?.focus();
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(open.id);
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  });

  const failed = () => {
    onAnnounce(t('failed'));
    void queryClient.invalidateQueries({ queryKey: courseAnnotationsQueryKey(courseId) });
  };

  return (
    <>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {open && (
        <BottomPanel as="div" ref={panelRef} role="region" aria-label={t('pdfEditTitle', { page: open.anchor.page })}>
          <EditPanel
            key={open.id}
            annotation={open}
            onColor={(color) => update.mutate({ id: open.id, color }, { onError: failed })}
            onNote={(note) => {
              update.mutate({ id: open.id, note }, { onError: failed });
              onAnnounce(t('changed'));
              close(open.id);
            }}
            onDelete={() => {
              remove.mutate(open.id, { onError: failed });
              onAnnounce(t('deleted'));
              close(open.id, true);
            }}
            onClose={() => close(open.id)}
          />
        </BottomPanel>
      )}
    </>
  );
}

/**
 * 'Markeer' and 'Notitie' in the PDF's selection panel, for text she selected or a sentence she
 * chose from 'Kies een zin': anchored in the page's text layer when the panel opens. A note is
 * written in the panel. Give it a key per pick.
 */
export function PdfPickActions({
  courseId,
  fileId,
  fileName,
  layers,
  pick,
  onDone,
  onAnnounce,
}: {
  courseId: string;
  fileId: string;
  fileName: string;
  layers: PdfTextLayers;
  pick: PdfPick;
  onDone: () => void;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation(['annotations', 'common']);
  const queryClient = useQueryClient();
  const create = useCreatePdfAnnotation(courseId);
  const [anchor] = useState(() => {
    const layer = layers.get(pick.page);
    return layer ? pickAnchor(layer, pick.page, pick.text, document.getSelection()) : null;
  });
  const [writing, setWriting] = useState(false);
  if (!anchor) return null;
  const make = (note: string | null) => {
    create.mutate(
      { fileId, fileName, color: 'yellow', note, anchor },
      {
        onError: () => {
          onAnnounce(t('failed'));
          void queryClient.invalidateQueries({ queryKey: courseAnnotationsQueryKey(courseId) });
        },
      },
    );
    onAnnounce(note ? t('noteSaved') : t('saved', { color: t('colors.yellow') }));
    document.getSelection()?.removeAllRanges();
    onDone();
  };
  if (writing) return <NoteForm quote={anchor.quote.exact} onSave={make} onCancel={() => setWriting(false)} />;
  return (
    <div className={panelStyles.row} role="group" aria-label={t('highlight')}>
      <Button variant="secondary" size="sm" icon={<HighlightIcon size={18} />} onClick={() => make(null)}>
        {t('pdfHighlight')}
      </Button>
      <Button variant="secondary" size="sm" icon={<NoteIcon size={18} />} onClick={() => setWriting(true)}>
        {t('note')}
      </Button>
    </div>
  );
}
