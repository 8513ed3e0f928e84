import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { OwnSetSummary } from '@blok/contract/own-cards';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Card, CardActions, CardBadge, CardList, CardMeta, CardText, CardTitle } from '../../../components/ui/card/card.tsx';
import { Section } from '../../../components/ui/section/section.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useOwnSets } from '../api/get-own-sets.ts';
import { useCreateOwnSet } from '../api/create-set.ts';
import { useReorderOwnSets } from '../api/reorder-sets.ts';
import { useMoveFocus, type MoveDirection } from '../hooks/use-move-focus.ts';
import styles from './own-cards.module.css';

/** A subject she can put a set in (her library's subjects, given by the route). */
/** A place a set can be in: a subject of her library, or one of her own courses (issue 41). */
export type SubjectOption = { id: string; title: string; kind?: 'subject' | 'course' };

/** The select's value of a course: its id behind a prefix, so a course and a subject never mix. */
const COURSE_PREFIX = 'eigen-vak:';
/** The select's value of where a set is. */
export const placeValue = (place: { subjectId: string | null; courseId: string | null }) =>
  place.courseId ? `${COURSE_PREFIX}${place.courseId}` : (place.subjectId ?? '');
/** What the API takes for a chosen place. */
export const placeOf = (value: string): { subjectId: string | null; courseId: string | null } =>
  value.startsWith(COURSE_PREFIX) ? { subjectId: null, courseId: value.slice(COURSE_PREFIX.length) } : { subjectId: value || null, courseId: null };

/** /kaarten: her own sets in her order, a new card, a new set. */
export function OwnSetsScreen({ subjects }: { subjects: readonly SubjectOption[] }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const sets = useOwnSets();
  const reorder = useReorderOwnSets();
  const [announcement, setAnnouncement] = useState('');
  const list = sets.data?.sets ?? [];
  const focus = useMoveFocus(list.map((s) => s.id));

  const move = (index: number, by: MoveDirection) => {
    // Busy, the buttons stay enabled (aria-disabled): a disabled button would drop her focus.
    if (reorder.isPending) return;
    const ids = list.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    focus.moving(moved!, by);
    reorder.mutate(ids, { onSuccess: () => setAnnouncement(t('sets.moved', { title: list[index]!.title, position: index + by + 1 })), onError: focus.failed });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('sets.intro')}</p>
      <CardActions>
        <ButtonLink to={paths.ownCards.newCard.getHref()}>{t('sets.newCard')}</ButtonLink>
        <ButtonLink variant="secondary" to={paths.cardImport.root.getHref()}>
          {t('sets.import')}
        </ButtonLink>
      </CardActions>

      <Section titleId="own-sets-list" title={t('sets.listTitle')}>
        {sets.isPending && (
          <LoadingRow label={t('common:loading')} spinnerSize={24} />
        )}
        {sets.isError && (
          <Notice variant="error" role="alert">
            {t('sets.loadError')}
          </Notice>
        )}
        {sets.data && list.length === 0 && <Notice>{t('sets.empty')}</Notice>}
        {list.length > 0 && (
          <CardList>
            {list.map((set, index) => (
              <SetItem
                key={set.id}
                set={set}
                canUp={index > 0}
                canDown={index < list.length - 1}
                onMove={(by) => move(index, by)}
                busy={reorder.isPending}
                buttonRef={(by) => focus.buttonRef(set.id, by)}
              />
            ))}
          </CardList>
        )}
        {sets.data && sets.data.limits.cardCount > 0 && <CardText>{t('sets.limits', { cards: sets.data.limits.cardCount, max: sets.data.limits.cards })}</CardText>}
      </Section>

      <CreateSet subjects={subjects} onCreated={(title) => setAnnouncement(t('sets.created', { title }))} />

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function SetItem({
  set,
  canUp,
  canDown,
  onMove,
  busy,
  buttonRef,
}: {
  set: OwnSetSummary;
  canUp: boolean;
  canDown: boolean;
  onMove: (by: MoveDirection) => void;
  busy: boolean;
  buttonRef: (by: MoveDirection) => (element: HTMLButtonElement | null) => void;
}) {
  const { t } = useTranslation('ownCards');
  return (
    <Card as="li">
      <CardTitle>{set.title}</CardTitle>
      {set.description && <CardText>{set.description}</CardText>}
      <CardMeta>
        <span>{set.subjectTitle ?? t('sets.personalMeta')}</span>
        <span>{t('sets.cardCount', { count: set.cardCount })}</span>
        <span>{t('sets.known', { known: set.knownCount, total: set.cardCount })}</span>
        {set.shared && <CardBadge>{t('sets.shared')}</CardBadge>}
      </CardMeta>
      <ProgressBar value={set.progress} label={t('sets.progressLabel', { title: set.title })} />
      <CardActions>
        <ButtonLink to={paths.ownCards.set.getHref(set.id)} aria-label={t('sets.openLabel', { title: set.title })}>
          {t('sets.open')}
        </ButtonLink>
        <Button ref={buttonRef(-1)} variant="ghost" className={styles.iconButton} disabled={!canUp} aria-disabled={busy || undefined} onClick={() => onMove(-1)} aria-label={t('sets.moveUp', { title: set.title })}>
          ↑
        </Button>
        <Button ref={buttonRef(1)} variant="ghost" className={styles.iconButton} disabled={!canDown} aria-disabled={busy || undefined} onClick={() => onMove(1)} aria-label={t('sets.moveDown', { title: set.title })}>
          ↓
        </Button>
      </CardActions>
    </Card>
  );
}

function CreateSet({ subjects, onCreated }: { subjects: readonly SubjectOption[]; onCreated: (title: string) => void }) {
  const { t } = useTranslation('ownCards');
  const id = useId();
  const create = useCreateOwnSet();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [place, setPlace] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setMissing(true);
    create.mutate(
      { title, description, ...placeOf(place) },
      {
        onSuccess: (set) => {
          setTitle('');
          setDescription('');
          setMissing(false);
          onCreated(set.title);
        },
      },
    );
  };

  return (
    <Section titleId={`${id}-title`} title={t('sets.createTitle')}>
      <Card as="form" className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {t('sets.titleLabel')}
          </label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-name-error` : undefined}
          />
          {missing && (
            <p id={`${id}-name-error`} className={styles.error}>
              {t('editor.setRequired')}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-description`}>
            {t('sets.descriptionLabel')}
          </label>
          <input id={`${id}-description`} className={styles.input} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <SubjectSelect id={`${id}-subject`} subjects={subjects} value={place} onChange={setPlace} />
        {create.isError && (
          <Notice variant="error" role="alert">
            {create.error instanceof ApiError && create.error.description ? create.error.description : t('set.error')}
          </Notice>
        )}
        <Button type="submit" isBusy={create.isPending} busyLabel={t('sets.creating')}>
          {t('sets.create')}
        </Button>
      </Card>
    </Section>
  );
}

/** The subject of a set: one of her library's, or none (personal). */
export function SubjectSelect({ id, subjects, value, onChange, fallbackTitle }: { id: string; subjects: readonly SubjectOption[]; value: string; onChange: (value: string) => void; fallbackTitle?: string | null }) {
  const { t } = useTranslation('ownCards');
  // a set's subject that left her library (or a course still loading) still shows as chosen
  const known = subjects.some((s) => (s.kind === 'course' ? `${COURSE_PREFIX}${s.id}` : s.id) === value);
  const courses = subjects.filter((s) => s.kind === 'course');
  const blok = subjects.filter((s) => s.kind !== 'course');
  const missing = value && !known ? (value.startsWith(COURSE_PREFIX) ? 'course' : 'subject') : null;
  const option = (s: SubjectOption) => (
    <option key={`${s.kind ?? 'subject'}-${s.id}`} value={s.kind === 'course' ? `${COURSE_PREFIX}${s.id}` : s.id}>
      {s.title}
    </option>
  );
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('sets.subjectLabel')}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('sets.personal')}</option>
        {missing === 'subject' && <option value={value}>{fallbackTitle ?? value}</option>}
        {courses.length > 0 || missing === 'course' ? (
          <>
            <optgroup label={t('sets.blokSubjects')}>{blok.map(option)}</optgroup>
            <optgroup label={t('sets.ownCourses')}>
              {courses.map(option)}
              {missing === 'course' && <option value={value}>{fallbackTitle ?? t('sets.ownCourse')}</option>}
            </optgroup>
          </>
        ) : (
          blok.map(option)
        )}
      </select>
    </div>
  );
}
