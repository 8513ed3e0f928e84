import { useState } from 'react';
import type { StudioChapter, StudioFlashcard, StudioFlashcardSet } from '@blok/contract/studio';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { moveItem, newFlashcard } from '../utils/new-ids.ts';
import { Field } from './field.tsx';
import styles from './studio.module.css';

type Props = {
  set: StudioFlashcardSet;
  chapters: StudioChapter[];
  onChange: (set: StudioFlashcardSet) => void;
  onRemove: () => void;
};

/** The DOM id of a card's fieldset: the checks' "go to" and the move buttons focus it. */
export const cardElementId = (cardId: string) => `card-${cardId}`;

/**
 * A flashcard set: its title, description and chapter, and its cards (front and back in Markdown,
 * as the importer reads them), added, edited, removed and moved by keyboard. A card keeps its id
 * wherever it moves, so a student's study progress on it survives the release.
 */
export function FlashcardSetEditor({ set, chapters, onChange, onRemove }: Props) {
  const { t } = useTranslation('studio');
  const [announcement, setAnnouncement] = useState('');
  const update = <K extends keyof StudioFlashcardSet>(key: K, value: StudioFlashcardSet[K]) => onChange({ ...set, [key]: value });
  const setCard = (index: number, card: StudioFlashcard) => update('cards', set.cards.map((c, i) => (i === index ? card : c)));

  /** Moves a card and keeps the keyboard on the same button of that card at its new place. */
  const move = (from: number, to: number, button: 'up' | 'down') => {
    const card = set.cards[from]!;
    update('cards', moveItem(set.cards, from, to));
    setAnnouncement(t('cards.moved', { number: to + 1 }));
    requestAnimationFrame(() => {
      const target = document.getElementById(`${cardElementId(card.id)}-${button}`) as HTMLButtonElement | null;
      // at the first or last place that button is disabled: the other one takes the focus
      const other = document.getElementById(`${cardElementId(card.id)}-${button === 'up' ? 'down' : 'up'}`) as HTMLButtonElement | null;
      (target && !target.disabled ? target : other)?.focus();
    });
  };

  const addCard = () => {
    const card = newFlashcard(set);
    update('cards', [...set.cards, card]);
    requestAnimationFrame(() => document.getElementById(`${cardElementId(card.id)}-front`)?.focus());
  };

  const removeCard = (index: number) => {
    const next = set.cards.filter((_, i) => i !== index);
    update('cards', next);
    setAnnouncement(t('cards.removed', { number: index + 1 }));
    const neighbour = next[Math.min(index, next.length - 1)];
    requestAnimationFrame(() => document.getElementById(neighbour ? `${cardElementId(neighbour.id)}-front` : 'set-add-card')?.focus());
  };

  return (
    <div id="set-editor" tabIndex={-1} className={styles.stack}>
      <Field label={t('cards.setTitle')}>
        {(id) => <input id={id} className={styles.input} value={set.title} onChange={(e) => update('title', e.target.value)} />}
      </Field>
      <Field label={t('cards.setDescription')}>
        {(id) => <input id={id} className={styles.input} value={set.description} onChange={(e) => update('description', e.target.value)} />}
      </Field>
      <Field label={t('cards.setChapter')}>
        {(id) => (
          <select
            id={id}
            className={styles.select}
            value={set.chapter ?? ''}
            onChange={(e) => {
              const { chapter: _old, ...rest } = set;
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

      <p className={styles.small}>{t('cards.count', { count: set.cards.length })}</p>
      <ol className={styles.list}>
        {set.cards.map((card, ci) => (
          <li key={card.id}>
            <fieldset id={cardElementId(card.id)} tabIndex={-1} className={styles.question}>
              <legend>{t('cards.card', { number: ci + 1 })}</legend>
              <div className={styles.field}>
                <label className={styles.label} htmlFor={`${cardElementId(card.id)}-front`}>
                  {t('cards.front', { number: ci + 1 })}
                </label>
                <textarea
                  id={`${cardElementId(card.id)}-front`}
                  className={styles.textarea}
                  value={card.front}
                  onChange={(e) => setCard(ci, { ...card, front: e.target.value })}
                />
              </div>
              <div className={styles.field}>
                <label className={styles.label} htmlFor={`${cardElementId(card.id)}-back`}>
                  {t('cards.back', { number: ci + 1 })}
                </label>
                <textarea
                  id={`${cardElementId(card.id)}-back`}
                  className={styles.textarea}
                  value={card.back}
                  onChange={(e) => setCard(ci, { ...card, back: e.target.value })}
                />
              </div>
              {(['frontPicture', 'backPicture'] as const).map(
                (key) =>
                  card[key] && (
                    <p key={key} className={styles.small}>
                      {t(key === 'frontPicture' ? 'cards.frontPicture' : 'cards.backPicture', { path: card[key] })}{' '}
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => {
                          const { [key]: _removed, ...rest } = card;
                          setCard(ci, rest);
                        }}
                      >
                        {t(key === 'frontPicture' ? 'cards.removeFrontPicture' : 'cards.removeBackPicture', { number: ci + 1 })}
                      </Button>
                    </p>
                  ),
              )}
              <div className={styles.actions}>
                <Button id={`${cardElementId(card.id)}-up`} variant="ghost" size="sm" disabled={ci === 0} onClick={() => move(ci, ci - 1, 'up')}>
                  {t('cards.up', { number: ci + 1 })}
                </Button>
                <Button
                  id={`${cardElementId(card.id)}-down`}
                  variant="ghost"
                  size="sm"
                  disabled={ci === set.cards.length - 1}
                  onClick={() => move(ci, ci + 1, 'down')}
                >
                  {t('cards.down', { number: ci + 1 })}
                </Button>
                <Button variant="danger" size="sm" onClick={() => removeCard(ci)}>
                  {t('cards.remove', { number: ci + 1 })}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className={styles.actions}>
        <Button id="set-add-card" variant="secondary" onClick={addCard}>
          {t('cards.add')}
        </Button>
        <Button variant="danger" size="sm" onClick={onRemove}>
          {t('cards.removeSet')}
        </Button>
      </div>
    </div>
  );
}
