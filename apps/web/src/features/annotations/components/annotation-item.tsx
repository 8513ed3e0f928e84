import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ANNOTATION_COLORS, type AnnotationColor } from '@blok/contract/annotations';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button/button.tsx';
import { CheckIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { panelStyles } from '../../../components/ui/bottom-panel/bottom-panel.tsx';
import { shorten } from './annotation-forms.tsx';
import styles from './annotations.module.css';

export type ItemAnnotation = { id: string; color: AnnotationColor; note: string | null; quote: string };

/**
 * One highlight or note in 'Mijn markeringen', of a chapter or of her PDF: the quote in its colour,
 * her note, where it is (`place`, `status`), 'Ga naar de tekst' (`goTo`, null: not there any more),
 * and changing its colour and note, or deleting it.
 */
export function AnnotationItem({
  annotation: a,
  place,
  status,
  goTo,
  onSave,
  onDelete,
}: {
  annotation: ItemAnnotation;
  place?: string;
  status?: ReactNode;
  goTo: string | null;
  onSave: (change: { color: AnnotationColor; note: string | null }) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['annotations', 'common']);
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(a.note ?? '');
  const [color, setColor] = useState<AnnotationColor>(a.color);
  const editRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // 'Bewerken' goes away: her focus goes on to her note
  useEffect(() => {
    if (editing) noteRef.current?.focus();
  }, [editing]);
  const quote = shorten(a.quote, 40);
  const colorName = (c: AnnotationColor) => t(`colors.${c}`);

  return (
    <li className={styles.item}>
      {place && <p className={styles.place}>{place}</p>}
      <blockquote className={styles.itemQuote} data-color={a.color}>
        <span className="visually-hidden">{t('colorOf', { color: colorName(a.color) })}: </span>
        {a.quote}
      </blockquote>
      {a.note && !editing && <p className={styles.itemNote}>{a.note}</p>}
      {status}
      {editing ? (
        <form
          className={panelStyles.inner}
          onSubmit={(event) => {
            event.preventDefault();
            onSave({ color, note: note.trim() || null });
            setEditing(false);
            requestAnimationFrame(() => editRef.current?.focus());
          }}
        >
          <div className={panelStyles.row} role="group" aria-label={t('colorLabel')}>
            {ANNOTATION_COLORS.map((c) => (
              <button key={c} type="button" className={styles.swatch} data-color={c} aria-pressed={color === c} aria-label={colorName(c)} onClick={() => setColor(c)}>
                {color === c && <CheckIcon size={18} />}
              </button>
            ))}
          </div>
          <label className={panelStyles.field}>
            {t('noteEditLabel')}
            <textarea ref={noteRef} value={note} onChange={(event) => setNote(event.target.value)} maxLength={2000} />
          </label>
          <div className={panelStyles.row}>
            <Button type="submit" size="sm" icon={<CheckIcon size={18} />}>
              {t('save')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing(false);
                requestAnimationFrame(() => editRef.current?.focus());
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={panelStyles.row}>
          {goTo !== null && (
            <ButtonLink to={goTo} variant="secondary" size="sm" aria-label={t('goToLabel', { quote })}>
              {t('goTo')}
            </ButtonLink>
          )}
          <button ref={editRef} type="button" className={buttonClassName({ variant: 'ghost', size: 'sm' })} onClick={() => setEditing(true)} aria-label={t('editLabel', { quote })}>
            <span>{t('edit')}</span>
          </button>
          <Button type="button" variant="ghost" size="sm" className={panelStyles.rowEnd} icon={<TrashIcon size={18} />} onClick={onDelete} aria-label={t('deleteLabel', { quote })}>
            {t('delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
