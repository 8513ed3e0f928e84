import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { OWN_CARD_PICTURE_MAX_BYTES, OWN_CARD_SIDE_MAX, OWN_CARD_TAG_MAX, OWN_CARD_TAGS_MAX, type OwnCard } from '@blok/contract/own-cards';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { CardActions } from '../../../components/ui/card/card.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useOwnSets } from '../api/get-own-sets.ts';
import { useOwnSet } from '../api/get-own-set.ts';
import { createOwnSet } from '../api/create-set.ts';
import { useAddOwnCard } from '../api/add-card.ts';
import { useUpdateOwnCard } from '../api/update-card.ts';
import { uploadCardPicture } from '../api/upload-card-picture.ts';
import { useRemoveCardPicture } from '../api/remove-card-picture.ts';
import { setChanged } from '../api/cache.ts';
import styles from './own-cards.module.css';

type Side = 'front' | 'back';
const NEW_SET = 'new';
const describe = (error: unknown, fallback: string) => (error instanceof ApiError && error.description ? error.description : fallback);
/** Her labels as typed: separated by spaces or commas, each once, in her order. */
const parseTags = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/** What the editor starts with: the reader's selection on the back and its chapter (a PDF's cloze: its front too), or a set. */
export type NewCardPrefill = { front?: string; back?: string; chapterId?: string; summaryId?: string; setId?: string };

/**
 * /kaarten/nieuw: a new card. She picks one of her sets or names a new one; the reader's
 * "Maak flashcard" opens it with the selection on the back and the chapter linked
 * (?achterkant=…&hoofdstuk=…&samenvatting=…).
 */
export function NewCardScreen({ prefill, onSaved, back }: { prefill: NewCardPrefill; onSaved: (setId: string) => void; back?: { to: string; label: string } }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const sets = useOwnSets();
  return (
    <div className={styles.page}>
      <BackLink to={back?.to ?? (prefill.setId ? paths.ownCards.set.getHref(prefill.setId) : paths.ownCards.root.getHref())}>{back?.label ?? t('editor.back')}</BackLink>
      <h1 className={styles.title}>{t('editor.newTitle')}</h1>
      {sets.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {sets.isError && (
        <Notice variant="error" role="alert">
          {t('sets.loadError')}
        </Notice>
      )}
      {sets.data && <CardForm sets={sets.data.sets} prefill={prefill} onSaved={onSaved} />}
    </div>
  );
}

/** /kaarten/{setId}/kaart/{cardId}: change a card's sides and pictures. */
export function EditCardScreen({ setId, cardId, onSaved }: { setId: string; cardId: string; onSaved: (setId: string) => void }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const set = useOwnSet(setId);
  const card = set.data?.cards.find((c) => c.id === cardId);
  return (
    <div className={styles.page}>
      <BackLink to={paths.ownCards.set.getHref(setId)}>{t('editor.back')}</BackLink>
      <h1 className={styles.title}>{t('editor.editTitle')}</h1>
      {set.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {(set.isError || (set.data && !card)) && (
        <MissingItem
          message={t('editor.notFound')}
          ways={set.data ? [{ to: paths.ownCards.set.getHref(setId), label: t('editor.toSet') }] : [{ to: paths.ownCards.root.getHref(), label: t('set.toSets') }]}
        />
      )}
      {card && <CardForm key={card.id} sets={[]} card={card} prefill={{ setId }} onSaved={onSaved} />}
    </div>
  );
}

function CardForm({ sets, card, prefill, onSaved }: { sets: ReadonlyArray<{ id: string; title: string }>; card?: OwnCard; prefill: NewCardPrefill; onSaved: (setId: string) => void }) {
  const { t } = useTranslation('ownCards');
  const id = useId();
  const add = useAddOwnCard();
  const update = useUpdateOwnCard();
  const initialSet = prefill.setId && sets.some((s) => s.id === prefill.setId) ? prefill.setId : (sets[0]?.id ?? NEW_SET);
  const [setChoice, setSetChoice] = useState(initialSet);
  const [newSetTitle, setNewSetTitle] = useState(t('editor.newSetDefault'));
  const [front, setFront] = useState(card?.front.markdown ?? prefill.front ?? '');
  const [back, setBack] = useState(card?.back.markdown ?? prefill.back ?? '');
  const [tagText, setTagText] = useState(card?.tags.join(' ') ?? '');
  const [pictures, setPictures] = useState<Record<Side, File | null>>({ front: null, back: null });
  const [errors, setErrors] = useState<{ front?: string; back?: string; set?: string; picture?: string; tags?: string }>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const choosePicture = (side: Side, file: File | null) => {
    setPictures((p) => ({ ...p, [side]: file }));
    setErrors((e) => ({ ...e, picture: file && file.size > OWN_CARD_PICTURE_MAX_BYTES ? t('editor.pictureTooLarge') : undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    // a side may be only a picture once the picture is on it (editing); a new card starts with text
    if (front.trim() === '' && !card?.front.pictureUrl) next.front = t('editor.frontRequired');
    if (back.trim() === '' && !card?.back.pictureUrl) next.back = t('editor.backRequired');
    if (!card && setChoice === NEW_SET && newSetTitle.trim() === '') next.set = t('editor.setRequired');
    if (errors.picture) next.picture = errors.picture;
    const tags = parseTags(tagText);
    if (tags.length > OWN_CARD_TAGS_MAX) next.tags = t('editor.tagsTooMany', { count: OWN_CARD_TAGS_MAX });
    else if (tags.some((tag) => tag.length > OWN_CARD_TAG_MAX)) next.tags = t('editor.tagTooLong', { count: OWN_CARD_TAG_MAX });
    setErrors(next);
    setFailure('');
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const sides = { front, back, tags };
      let saved: OwnCard;
      if (card) {
        saved = await update.mutateAsync({ cardId: card.id, ...sides, chapterId: card.chapterId, summaryId: card.summaryId });
      } else {
        const setId = setChoice === NEW_SET ? (await createOwnSet({ title: newSetTitle })).id : setChoice;
        saved = await add.mutateAsync({ setId, ...sides, chapterId: prefill.chapterId ?? null, summaryId: prefill.summaryId ?? null });
      }
      for (const side of ['front', 'back'] as const) {
        const file = pictures[side];
        if (!file) continue;
        try {
          await uploadCardPicture({ cardId: saved.id, side, file });
        } catch (err) {
          // the card is there; say what happened to the picture and leave her on it
          void setChanged(saved.setId);
          setBusy(false);
          setFailure(t('editor.savedWithoutPicture', { reason: describe(err, t('editor.error')) }));
          return;
        }
      }
      void setChanged(saved.setId);
      onSaved(saved.setId);
    } catch (err) {
      setBusy(false);
      setFailure(describe(err, t('editor.error')));
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {!card && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('editor.setLegend')}</legend>
          {sets.map((s) => (
            <label key={s.id} className={styles.option} data-checked={setChoice === s.id || undefined}>
              <input type="radio" name="set" className={styles.control} value={s.id} checked={setChoice === s.id} onChange={() => setSetChoice(s.id)} />
              <span>{s.title}</span>
            </label>
          ))}
          <label className={styles.option} data-checked={setChoice === NEW_SET || undefined}>
            <input type="radio" name="set" className={styles.control} value={NEW_SET} checked={setChoice === NEW_SET} onChange={() => setSetChoice(NEW_SET)} />
            <span>{t('editor.newSet')}</span>
          </label>
          {setChoice === NEW_SET && (
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${id}-set`}>
                {t('editor.newSetTitle')}
              </label>
              <input
                id={`${id}-set`}
                className={styles.input}
                value={newSetTitle}
                maxLength={120}
                onChange={(e) => setNewSetTitle(e.target.value)}
                aria-invalid={errors.set ? true : undefined}
                aria-describedby={errors.set ? `${id}-set-error` : undefined}
              />
              {errors.set && (
                <p id={`${id}-set-error`} className={styles.error}>
                  {errors.set}
                </p>
              )}
            </div>
          )}
        </fieldset>
      )}
      {!card && prefill.chapterId && <Notice>{t('editor.chapterLinked')}</Notice>}
      <SideField id={`${id}-front`} label={t('editor.front')} hint={t('editor.frontHint')} value={front} onChange={setFront} error={errors.front} />
      <PictureField id={`${id}-front-picture`} side="front" card={card} onChoose={(file) => choosePicture('front', file)} />
      <SideField id={`${id}-back`} label={t('editor.backSide')} hint={t('editor.backHint')} value={back} onChange={setBack} error={errors.back} />
      <PictureField id={`${id}-back-picture`} side="back" card={card} onChoose={(file) => choosePicture('back', file)} />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-tags`}>
          {t('editor.tags')}
        </label>
        <p id={`${id}-tags-hint`} className={styles.hint}>
          {t('editor.tagsHint')}
        </p>
        <input
          id={`${id}-tags`}
          className={styles.input}
          value={tagText}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => setTagText(e.target.value)}
          aria-invalid={errors.tags ? true : undefined}
          aria-describedby={[`${id}-tags-hint`, errors.tags ? `${id}-tags-error` : ''].filter(Boolean).join(' ')}
        />
        {errors.tags && (
          <p id={`${id}-tags-error`} className={styles.error}>
            {errors.tags}
          </p>
        )}
      </div>
      {errors.picture && (
        <p className={styles.error} role="alert">
          {errors.picture}
        </p>
      )}
      {failure && (
        <Notice variant="error" role="alert">
          {failure}
        </Notice>
      )}
      <Button type="submit" fullWidth isBusy={busy} busyLabel={t('editor.saving')}>
        {t('editor.save')}
      </Button>
    </form>
  );
}

function SideField({ id, label, hint, value, onChange, error }: { id: string; label: string; hint: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={OWN_CARD_SIDE_MAX}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function PictureField({ id, side, card, onChoose }: { id: string; side: Side; card: OwnCard | undefined; onChoose: (file: File | null) => void }) {
  const { t } = useTranslation('ownCards');
  const remove = useRemoveCardPicture();
  const sideName = side === 'front' ? t('editor.front').toLowerCase() : t('editor.backSide').toLowerCase();
  const current = card?.[side].pictureUrl;
  return (
    <div className={styles.field}>
      {current && (
        <>
          <img className={styles.picture} src={current} alt={t('editor.currentPicture', { side: sideName })} />
          <CardActions>
            <Button variant="ghost" size="sm" isBusy={remove.isPending} onClick={() => card && remove.mutate({ cardId: card.id, side })}>
              {t('editor.removePicture')}
            </Button>
          </CardActions>
          {remove.isError && (
            <p className={styles.error} role="alert">
              {describe(remove.error, t('editor.error'))}
            </p>
          )}
        </>
      )}
      <label className={styles.label} htmlFor={id}>
        {t('editor.picture', { side: sideName })}
      </label>
      <input id={id} type="file" accept="image/jpeg,image/png,image/webp" aria-describedby={`${id}-hint`} onChange={(e) => onChoose(e.target.files?.[0] ?? null)} />
      <p id={`${id}-hint`} className={styles.hint}>
        {t('editor.pictureHint')}
      </p>
    </div>
  );
}
