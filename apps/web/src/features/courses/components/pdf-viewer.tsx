import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { openPdf } from './pdf-open.ts';
import type { PdfAnnotationsSlot, PdfTextLayers } from '../../../components/pdf-annotations-slot/pdf-annotations-slot.ts';
import { SelectionPanel, SentencePicker, usePdfSelection } from './pdf-selection.tsx';
import { usePagesRead } from '../hooks/use-pages-read.ts';
import styles from './pdf-viewer.module.css';

/** Pages rendered beyond the ones in view, on each side; pages farther away are released. */
const KEEP_AROUND = 2;
const MIN_SCALE = 0.5;
/** The zoom steps (the first scale fits the page's width, wherever that falls between them). */
const ZOOM_LEVELS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 2.5, 3, 4];

type Size = { width: number; height: number };

/**
 * Her PDF in Blok (issue 41), with pdf.js: the file is read from the copy kept on the device
 * (features/courses/offline) or fetched in ranges (only the pages she looks at), each page renders as it nears the view and is released when far from it, with a text layer
 * she can select. Zoom, page numbers and the keyboard (arrows and PageUp/PageDown: a page; Home and
 * End; + and −). Nothing in the file runs: no eval, no XFA, no scripting, no annotation layer.
 * `annotations` (her highlights, given by the route): told of each page's text layer, and adds its
 * actions to what she picked.
 */
export function PdfViewer({
  courseId,
  fileId,
  name,
  initialPage,
  annotations,
}: {
  courseId: string;
  fileId: string;
  name: string;
  initialPage: number;
  annotations?: PdfAnnotationsSlot;
}) {
  const { t } = useTranslation('courses');
  const id = useId();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState<'error' | 'offline' | null>(null);
  const [base, setBase] = useState<Size | null>(null);
  const [scale, setScale] = useState<number | null>(null);
  const [current, setCurrent] = useState(initialPage);
  // her first page drawn (or given up on): the pages around it follow
  const [firstDrawn, setFirstDrawn] = useState(false);
  const onFirstDrawn = useCallback(() => setFirstDrawn(true), []);
  const [inView, setInView] = useState<ReadonlySet<number>>(new Set([initialPage]));
  const [goTo, setGoTo] = useState('');
  const container = useRef<HTMLDivElement>(null);
  const slots = useRef(new Map<number, HTMLDivElement>());
  const jumped = useRef(false);
  const [picked, setPicked] = usePdfSelection(container);
  const [choosing, setChoosing] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const register = useCallback((page: number, el: HTMLDivElement | null) => {
    if (el) slots.current.set(page, el);
    else slots.current.delete(page);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    // opened by the route's loader as she navigated here (pdf-open.ts), or now
    const { opened, cancel } = openPdf(courseId, fileId);
    void (async () => {
      try {
        const result = await opened;
        if (cancelled) return;
        if (result.failed) return setFailed(result.failed);
        loaded = result.doc;
        const first = await loaded.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (cancelled) return;
        setBase({ width: viewport.width, height: viewport.height });
        setDoc(loaded);
      } catch {
        if (!cancelled) setFailed(navigator.onLine ? 'error' : 'offline');
      }
    })();
    return () => {
      cancelled = true;
      cancel();
    };
  }, [courseId, fileId]);

  // fit the page's width to the screen at first
  useEffect(() => {
    if (!base || scale !== null || !container.current) return;
    const width = container.current.clientWidth - 16;
    setScale(Math.min(2, Math.max(MIN_SCALE, width / base.width)));
  }, [base, scale]);

  const pages = doc?.numPages ?? 0;

  // the pages she reads feed her plan (issue 41)
  usePagesRead({ courseId, fileId, container, slots, ready: !!doc && !!base && scale !== null });

  // which pages are near the view
  useEffect(() => {
    if (!doc || scale === null || !container.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        setInView((before) => {
          const next = new Set(before);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        });
      },
      { root: container.current, rootMargin: '50% 0px' },
    );
    for (const slot of slots.current.values()) observer.observe(slot);
    return () => observer.disconnect();
  }, [doc, scale, pages]);

  const scrollTo = useCallback(
    (page: number) => {
      const target = Math.min(Math.max(1, page), pages);
      const slot = slots.current.get(target);
      const box = container.current;
      if (!slot || !box) return;
      box.scrollTop = slot.offsetTop - box.offsetTop - 8;
      setCurrent(target);
    },
    [pages],
  );

  // open at the page asked for (a search hit)
  useEffect(() => {
    if (!doc || scale === null || jumped.current) return;
    jumped.current = true;
    if (initialPage > 1) requestAnimationFrame(() => scrollTo(initialPage));
  }, [doc, scale, initialPage, scrollTo]);

  const onScroll = () => {
    const box = container.current;
    if (!box) return;
    const top = box.scrollTop + box.offsetTop + box.clientHeight / 3;
    let page = 1;
    for (const [n, slot] of slots.current) if (slot.offsetTop <= top && n > page) page = n;
    setCurrent(page);
  };

  const zoom = (direction: 1 | -1) =>
    setScale((s) => {
      if (s === null) return s;
      const next = direction === 1 ? ZOOM_LEVELS.find((level) => level > s + 0.001) : [...ZOOM_LEVELS].reverse().find((level) => level < s - 0.001);
      return next ?? s;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => scrollTo(current + 1),
      PageDown: () => scrollTo(current + 1),
      ArrowRight: () => scrollTo(current + 1),
      ArrowUp: () => scrollTo(current - 1),
      PageUp: () => scrollTo(current - 1),
      ArrowLeft: () => scrollTo(current - 1),
      Home: () => scrollTo(1),
      End: () => scrollTo(pages),
      '+': () => zoom(1),
      '=': () => zoom(1),
      '-': () => zoom(-1),
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };

  if (failed) {
    return (
      <Notice variant="error" role="alert">
        {failed === 'offline' ? t('viewer.offlineMissing') : t('viewer.error')}
      </Notice>
    );
  }

  const rendered = new Set<number>();
  if (inView.size > 0 && !firstDrawn) {
    // the page she opened at is drawn alone first (on a phone the pages beside it, drawn at the same
    // time, made her first page readable about half a second later; bench:pdf)
    rendered.add(inView.has(current) ? current : Math.min(...inView));
  } else if (inView.size > 0) {
    const shown = [...inView];
    const from = Math.max(1, Math.min(...shown) - KEEP_AROUND);
    const to = Math.min(pages, Math.max(...shown) + KEEP_AROUND);
    for (let n = from; n <= to; n++) rendered.add(n);
  }

  return (
    <div className={styles.viewer}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('viewer.title')}>
        <span className={styles.status} aria-live="polite">
          {pages > 0 ? t('viewer.page', { page: current, pages }) : t('viewer.loading')}
        </span>
        <Button variant="secondary" size="sm" onClick={() => scrollTo(current - 1)} disabled={!doc || current <= 1} aria-label={t('viewer.previous')}>
          ↑
        </Button>
        <Button variant="secondary" size="sm" onClick={() => scrollTo(current + 1)} disabled={!doc || current >= pages} aria-label={t('viewer.next')}>
          ↓
        </Button>
        <Button variant="secondary" size="sm" onClick={() => zoom(-1)} disabled={!doc} aria-label={t('viewer.zoomOut')}>
          −
        </Button>
        <span className={styles.status}>{scale !== null ? t('viewer.zoom', { percent: Math.round(scale * 100) }) : ''}</span>
        <Button variant="secondary" size="sm" onClick={() => zoom(1)} disabled={!doc} aria-label={t('viewer.zoomIn')}>
          +
        </Button>
        <Button
          ref={chooseButton}
          variant="secondary"
          size="sm"
          onClick={() => {
            setPicked(null);
            setChoosing(true);
          }}
          disabled={!doc}
        >
          {t('selection.choose')}
        </Button>
        <form
          className={styles.goTo}
          onSubmit={(event) => {
            event.preventDefault();
            const page = Number(goTo);
            if (Number.isInteger(page)) scrollTo(page);
          }}
        >
          <label htmlFor={`${id}-goto`}>{t('viewer.goTo')}</label>
          <input id={`${id}-goto`} inputMode="numeric" pattern="[0-9]*" value={goTo} onChange={(e) => setGoTo(e.target.value)} />
          <Button type="submit" variant="secondary" size="sm">
            {t('viewer.go')}
          </Button>
        </form>
      </div>
      <p id={`${id}-keys`} className="visually-hidden">
        {t('viewer.keys')}
      </p>
      {/* focusable: the pages scroll inside it, by keyboard too (axe scrollable-region-focusable); its keys move a page or zoom */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a scrollable region takes its keys */}
      <div
        ref={container}
        className={styles.document}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
        tabIndex={0}
        role="region"
        aria-label={pages > 0 ? t('viewer.documentLabel', { name, pages }) : name}
        aria-describedby={`${id}-keys`}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        {(!doc || !base || scale === null) && <LoadingRow label={t('viewer.loading')} spinnerSize={24} />}
        {doc &&
          base &&
          scale !== null &&
          Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <PageSlot
              key={n}
              doc={doc}
              page={n}
              scale={scale}
              base={base}
              active={rendered.has(n)}
              onDrawn={firstDrawn ? undefined : onFirstDrawn}
              label={t('viewer.pageLabel', { page: n })}
              register={register}
              layers={annotations?.layers}
            />
          ))}
      </div>
      {choosing && doc && (
        <SentencePicker
          doc={doc}
          page={current}
          onPick={(chosen) => {
            setChoosing(false);
            setPicked(chosen);
          }}
          onClose={() => {
            setChoosing(false);
            chooseButton.current?.focus();
          }}
        />
      )}
      {picked && !choosing && (
        <SelectionPanel
          key={`${picked.page}:${picked.text}`}
          picked={picked}
          actions={annotations?.pickActions}
          onClose={() => {
            setPicked(null);
            document.getSelection()?.removeAllRanges();
            chooseButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** One page: a placeholder of its size; canvas and text layer while active, released when not. */
function PageSlot({
  doc,
  page,
  scale,
  base,
  active,
  onDrawn,
  label,
  register,
  layers,
}: {
  doc: PDFDocumentProxy;
  page: number;
  scale: number;
  base: Size;
  active: boolean;
  /** told once its canvas and text layer are drawn, or could not be */
  onDrawn?: () => void;
  label: string;
  register: (page: number, el: HTMLDivElement | null) => void;
  /** where her highlights find the page's text layer once drawn */
  layers?: PdfTextLayers;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const drawn = useRef(onDrawn);
  useEffect(() => {
    drawn.current = onDrawn;
  }, [onDrawn]);
  // the page's own size once rendered at this scale; before, the first page's
  const [measured, setMeasured] = useState<(Size & { scale: number }) | null>(null);
  const size = measured && measured.scale === scale ? measured : { width: base.width * scale, height: base.height * scale };

  useEffect(() => {
    if (!active || !holder.current) return;
    const target = holder.current;
    let cancelled = false;
    let task: RenderTask | null = null;
    let text: TextLayer | null = null;
    let release: (() => void) | null = null;
    void (async () => {
      const proxy = await doc.getPage(page).catch(() => null);
      if (cancelled) return;
      if (!proxy) return drawn.current?.();
      release = () => proxy.cleanup();
      const viewport = proxy.getViewport({ scale });
      setMeasured({ width: viewport.width, height: viewport.height, scale });
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${viewport.width}px`;
      canvas.style.height = `${viewport.height}px`;
      canvas.setAttribute('aria-hidden', 'true');
      const layer = document.createElement('div');
      layer.className = 'textLayer';
      target.replaceChildren(canvas, layer);
      task = proxy.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      try {
        await task.promise;
      } catch {
        if (!cancelled) drawn.current?.();
        return;
      }
      if (cancelled) return;
      text = new TextLayer({ textContentSource: proxy.streamTextContent(), container: layer, viewport });
      await text.render().catch(() => undefined);
      if (!cancelled) drawn.current?.();
      if (!cancelled) layers?.set(page, layer);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
      text?.cancel();
      if (layers && target.contains(layers.get(page) ?? null)) layers.set(page, null);
      // far from view: the canvas's memory goes, and pdf.js's objects of the page
      for (const canvas of target.querySelectorAll('canvas')) {
        canvas.width = 0;
        canvas.height = 0;
      }
      target.replaceChildren();
      release?.();
    };
  }, [active, doc, page, scale, layers]);

  return (
    <div
      ref={(el) => register(page, el)}
      data-page={page}
      className={styles.page}
      style={{ width: `${size.width}px`, height: `${size.height}px`, ['--scale-factor' as string]: scale, ['--user-unit' as string]: 1, ['--total-scale-factor' as string]: scale }}
      role="group"
      aria-label={label}
    >
      <div ref={holder} />
      <span className={styles.pageNumber} aria-hidden="true">
        {page}
      </span>
    </div>
  );
}
