import { useState } from 'react';
import { ANNOTATION_COLORS, type AnnotationColor } from '@blok/contract/annotations';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { CheckIcon, CloseIcon, TrashIcon } from '../../../components/icons/icons.tsx';
import { panelStyles } from '../../../components/ui/bottom-panel/bottom-panel.tsx';
import styles from './annotations.module.css';

// The forms of a highlight in the panel at the bottom, the same in a chapter and in her PDF: a note
// for the chosen text, and a highlight's colour, note and deletion.

export const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** Her note for the text she chose (the field has the focus: she asked for it). */
export function NoteForm({ quote, onSave, onCancel }: { quote: string; onSave: (note: string) => void; onCancel: () => void }) {
  const { t } = useTranslation(['annotations', 'common']);
  const [note, setNote] = useState('');
  return (
    <form
      className={panelStyles.inner}
      onSubmit={(event) => {
        event.preventDefault();
        if (note.trim()) onSave(note.trim());
      }}
    >
      <p className={panelStyles.quote}>“{shorten(quote, 140)}”</p>
      <label className={panelStyles.field}>
        {t('noteLabel')}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- she asked for the note field */}
        <textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={2000} autoFocus required />
      </label>
      <div className={panelStyles.row}>
        <Button type="submit" size="sm" icon={<CheckIcon size={18} />}>
          {t('save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** A highlight opened: its colour, her note (changed or removed), deleted. */
export function EditPanel({
  annotation,
  onColor,
  onNote,
  onDelete,
  onClose,
}: {
  annotation: { id: string; color: AnnotationColor; note: string | null; anchor: { quote: { exact: string } } };
  onColor: (color: AnnotationColor) => void;
  onNote: (note: string | null) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['annotations', 'common']);
  const [note, setNote] = useState(annotation.note ?? '');
  return (
    <form
      className={panelStyles.inner}
      onSubmit={(event) => {
        event.preventDefault();
        onNote(note.trim() || null);
      }}
    >
      <p className={panelStyles.quote}>“{shorten(annotation.anchor.quote.exact, 140)}”</p>
      <div className={panelStyles.row} role="group" aria-label={t('colorLabel')}>
        {ANNOTATION_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className={styles.swatch}
            data-color={color}
            aria-pressed={annotation.color === color}
            aria-label={t(`colors.${color}`)}
            onClick={() => onColor(color)}
          >
            {annotation.color === color && <CheckIcon size={18} />}
          </button>
        ))}
      </div>
      <label className={panelStyles.field}>
        {t('noteEditLabel')}
        <textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={2000} />
      </label>
      <div className={panelStyles.row}>
        <Button type="submit" size="sm" icon={<CheckIcon size={18} />}>
          {t('save')}
        </Button>
        <Button type="button" variant="danger" size="sm" icon={<TrashIcon size={18} />} onClick={onDelete}>
          {t('delete')}
        </Button>
        <Button type="button" variant="ghost" size="sm" className={panelStyles.rowEnd} icon={<CloseIcon size={18} />} onClick={onClose}>
          {t('close')}
        </Button>
      </div>
    </form>
  );
}
