import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { returnToState } from '../../../lib/return-to.ts';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { clozeFront, forCard, isClozeWord, normalise, sentenceAround, sentencesOf, wordsOf } from '../utils/sentences.ts';
import type { PdfPick } from '../../../components/pdf-annotations-slot/pdf-annotations-slot.ts';
import { BottomPanel, panelStyles } from '../../../components/ui/bottom-panel/bottom-panel.tsx';
import styles from './pdf-selection.module.css';

/** What she picked on a page: text selected with a finger or mouse, or a sentence chosen from the list. */
export type Picked = PdfPick;

/** Escape closes a panel, wherever her focus is. */
function useEscape(onClose: () => void) {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The text of a rendered page's text layer, lines as pdf.js laid them out. */
const layerText = (layer: Element) => (layer as HTMLElement).innerText || layer.textContent || '';

/**
 * Follows the selection in the viewer's text layers: a selection inside a page is what she picked,
 * with the sentence around it; a click in the document that leaves nothing selected lets it go.
 */
export function usePdfSelection(container: RefObject<HTMLElement | null>): [Picked | null, (picked: Picked | null) => void] {
  const [picked, setPicked] = useState<Picked | null>(null);
  useEffect(() => {
    const onChange = () => {
      const box = container.current;
      const selection = document.getSelection();
      if (!box || !selection || selection.rangeCount === 0) return;
      const node = selection.anchorNode;
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element || !box.contains(element)) return;
      if (selection.isCollapsed) {
        setPicked(null);
        return;
      }
      const layer = element.closest('.textLayer');
      const page = Number(element.closest<HTMLElement>('[data-page]')?.dataset.page);
      const text = normalise(selection.toString());
      if (!layer || !Number.isInteger(page) || !text) return;
      setPicked({ text, page, sentence: sentenceAround(layerText(layer), text) });
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [container]);
  return [picked, setPicked];
}

/** The sentences of a page as pdf.js reads its text (for choosing by keyboard or screen reader). */
export async function pageSentences(doc: PDFDocumentProxy, page: number): Promise<string[]> {
  const content = await (await doc.getPage(page)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  return sentencesOf(text);
}

/**
 * "Kies een zin": the current page's sentences as buttons, so a student on a keyboard or with a
 * screen reader picks text as others select it.
 */
export function SentencePicker({ doc, page, onPick, onClose }: { doc: PDFDocumentProxy; page: number; onPick: (picked: Picked) => void; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const [sentences, setSentences] = useState<string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEscape(onClose);
  useEffect(() => {
    let cancelled = false;
    void pageSentences(doc, page).then(
      (list) => !cancelled && setSentences(list),
      () => !cancelled && setSentences([]),
    );
    return () => {
      cancelled = true;
    };
  }, [doc, page]);
  useEffect(() => heading.current?.focus(), []);
  return (
    <BottomPanel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className={panelStyles.title}>
        {t('selection.sentencesTitle', { page })}
      </h2>
      {sentences === null && <p className={panelStyles.quote}>{t('viewer.loading')}</p>}
      {sentences?.length === 0 && <p className={panelStyles.quote}>{t('selection.noText')}</p>}
      {sentences && sentences.length > 0 && (
        <ul className={styles.sentences}>
          {sentences.map((sentence, i) => (
            <li key={i}>
              <button type="button" className={styles.sentence} onClick={() => onPick({ text: sentence, page, sentence, byList: true })}>
                {sentence}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={panelStyles.row}>
        <Button variant="ghost" size="sm" className={panelStyles.rowEnd} onClick={onClose}>
          {t('selection.close')}
        </Button>
      </div>
    </BottomPanel>
  );
}

/**
 * What she can do with what she picked on a page (issue 41): 'Markeer' and 'Notitie' (her highlights,
 * `actions`, given by the route), "Maak flashcard" (the text on the back) and "Maak clozekaart" (the
 * sentence with a word left out on the front, the word on the back). A short selection is the word;
 * otherwise she chooses it. Both cards open the card editor, which leads back to this page when she
 * saves. Give it a key per pick: its word starts anew.
 */
export function SelectionPanel({ picked, actions, onClose }: { picked: Picked; actions?: (pick: PdfPick, done: () => void) => ReactNode; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const { flashcardsEnabled } = useFeatureFlags();
  const location = useLocation();
  const id = useId();
  const short = isClozeWord(picked.text) && picked.sentence !== picked.text;
  const words = short ? [] : wordsOf(picked.sentence);
  const [word, setWord] = useState(short ? picked.text : (words[0] ?? ''));
  const heading = useRef<HTMLHeadingElement>(null);
  useEscape(onClose);
  // chosen from the list of sentences: her focus goes on to what she can do with it
  useEffect(() => {
    if (picked.byList) heading.current?.focus();
  }, [picked]);
  const here = `${location.pathname}?pagina=${picked.page}`;
  const front = word ? clozeFront(picked.sentence, word) : null;
  if (!flashcardsEnabled && !actions) return null;
  return (
    <BottomPanel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className={panelStyles.title}>
        {t('selection.title', { page: picked.page })}
      </h2>
      <p className={panelStyles.quote}>“{forCard(picked.text)}”</p>
      {actions?.(picked, onClose)}
      {flashcardsEnabled && !short && words.length > 0 && (
        <label className={panelStyles.field}>
          {t('selection.word')}
          <select value={word} onChange={(event) => setWord(event.target.value)}>
            {words.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={panelStyles.row}>
        {flashcardsEnabled && (
          <ButtonLink variant="secondary" size="sm" to={paths.ownCards.newCard.getHref({ achterkant: forCard(picked.text) })} state={returnToState(here)}>
            {t('selection.flashcard')}
          </ButtonLink>
        )}
        {flashcardsEnabled && front && (
          <ButtonLink variant="secondary" size="sm" to={paths.ownCards.newCard.getHref({ voorkant: forCard(front), achterkant: word })} state={returnToState(here)}>
            {t('selection.cloze')}
          </ButtonLink>
        )}
        <Button variant="ghost" size="sm" className={panelStyles.rowEnd} onClick={onClose}>
          {t('selection.close')}
        </Button>
      </div>
    </BottomPanel>
  );
}
