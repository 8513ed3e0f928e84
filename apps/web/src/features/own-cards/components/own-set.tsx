import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { OwnCard, OwnSetDetail } from '@blok/contract/own-cards';
import { paths } from '../../../config/paths.ts';
import { TrashIcon } from '../../../components/icons/icons.tsx';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { BackLink } from '../../../components/ui/back-link/back-link.tsx';
import { Card, CardActions, CardList, CardMeta, CardText, CardTitle } from '../../../components/ui/card/card.tsx';
import { Section, SectionTitle } from '../../../components/ui/section/section.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useOwnSet } from '../api/get-own-set.ts';
import { useUpdateOwnSet } from '../api/update-set.ts';
import { useDeleteOwnSet } from '../api/delete-set.ts';
import { useDeleteOwnCard } from '../api/delete-card.ts';
import { useReorderOwnCards } from '../api/reorder-cards.ts';
import { useShareOwnSet } from '../api/share-set.ts';
import { useRevokeOwnShare } from '../api/revoke-share.ts';
import { startOwnSession } from '../api/start-own-session.ts';
import { placeOf, placeValue, SubjectSelect, type SubjectOption } from './own-sets.tsx';
import { useMoveFocus } from '../hooks/use-move-focus.ts';
import styles from './own-cards.module.css';
import { useTypesetFormulas } from '../../../components/markdown/formulas.ts';

const describe = (error: unknown, fallback: string) => (error instanceof ApiError && error.description ? error.description : fallback);

/** /kaarten/{setId}: a set of hers: study it, its cards (edit, reorder, delete), share, rename, delete. */
export function OwnSetScreen({ setId, subjects }: { setId: string; subjects: readonly SubjectOption[] }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const set = useOwnSet(setId);
  const notFound = set.error instanceof ApiError && (set.error.status === 404 || set.error.status === 400);
  return (
    <div className={styles.page}>
      <BackLink to={paths.ownCards.root.getHref()}>{t('set.back')}</BackLink>
      {set.isPending && (
        <LoadingRow label={t('common:loading')} spinnerSize={24} />
      )}
      {set.isError && (
        <>
          <h1 className={styles.title}>{t('title')}</h1>
          {notFound ? (
            <MissingItem message={t('set.notFound')} ways={[{ to: paths.ownCards.root.getHref(), label: t('set.toSets') }]} />
          ) : (
            <Notice variant="error" role="alert">
              {t('set.loadError')}
            </Notice>
          )}
        </>
      )}
      {set.data && <SetContent set={set.data} subjects={subjects} />}
    </div>
  );
}

function SetContent({ set, subjects }: { set: OwnSetDetail; subjects: readonly SubjectOption[] }) {
  const { t } = useTranslation('ownCards');
  const [announcement, setAnnouncement] = useState('');
  return (
    <>
      <h1 className={styles.title}>{set.title}</h1>
      {set.description && <p className={styles.intro}>{set.description}</p>}
      <CardMeta>
        <span>{set.subjectTitle ?? t('sets.personalMeta')}</span>
        <span>{t('sets.cardCount', { count: set.cardCount })}</span>
        <span>{t('sets.known', { known: set.knownCount, total: set.cardCount })}</span>
      </CardMeta>
      <ProgressBar value={set.progress} label={t('sets.progressLabel', { title: set.title })} />
      <CardActions>
        {set.cardCount > 0 && <ButtonLink to={paths.ownCards.study.getHref(set.id)}>{t('set.study')}</ButtonLink>}
        {set.study.sessionId && (
          <ButtonLink to={paths.ownCards.session.getHref(set.id, set.study.sessionId)} variant="secondary">
            {t('set.continue')}
          </ButtonLink>
        )}
        <ButtonLink to={paths.ownCards.newCard.getHref({ set: set.id })} variant="secondary">
          {t('set.newCard')}
        </ButtonLink>
      </CardActions>
      {set.study.review && set.cardCount > 0 && <Review set={set} review={set.study.review} />}
      <Cards set={set} onAnnounce={setAnnouncement} />
      <Share set={set} onAnnounce={setAnnouncement} />
      <EditSet set={set} subjects={subjects} onAnnounce={setAnnouncement} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/** FSRS on: today's due and new cards of the set, and the review that starts (or continues) with them. */
function Review({ set, review }: { set: OwnSetDetail; review: NonNullable<OwnSetDetail['study']['review']> }) {
  const { t } = useTranslation('ownCards');
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    startOwnSession(set.id, { source: 'review' }).then(
      (session) => navigate(paths.ownCards.session.getHref(set.id, session.id)),
      (err: unknown) => {
        setBusy(false);
        setError(describe(err, t('set.error')));
      },
    );
  };
  return (
    <Card as="section" highlight aria-labelledby="own-set-review">
      <SectionTitle id="own-set-review">{t('set.review')}</SectionTitle>
      <CardText>{t('set.reviewMeta', { due: review.dueCount, new: review.newCount })}</CardText>
      {error && (
        <Notice variant="error" role="alert">
          {error}
        </Notice>
      )}
      <CardActions>
        {review.sessionId ? (
          <ButtonLink to={paths.ownCards.session.getHref(set.id, review.sessionId)}>{t('set.reviewContinue')}</ButtonLink>
        ) : (
          <Button onClick={start} isBusy={busy} busyLabel={t('set.busy')} disabled={review.dueCount + review.newCount === 0}>
            {t('set.reviewStart')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

function Cards({ set, onAnnounce }: { set: OwnSetDetail; onAnnounce: (text: string) => void }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const reorder = useReorderOwnCards();
  const remove = useDeleteOwnCard();
  const [deleting, setDeleting] = useState<OwnCard | null>(null);
  const focus = useMoveFocus(set.cards.map((c) => c.id));
  const move = (index: number, by: -1 | 1) => {
    // Busy, the buttons stay enabled (aria-disabled): a disabled button would drop her focus.
    if (reorder.isPending) return;
    const ids = set.cards.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    focus.moving(moved!, by);
    reorder.mutate({ setId: set.id, cardIds: ids }, { onSuccess: () => onAnnounce(t('set.moved', { position: index + by + 1 })), onError: focus.failed });
  };
  return (
    <Section titleId="own-set-cards" title={t('set.cardsTitle')}>
      {set.cards.length === 0 ? (
        <Notice>{t('set.noCards')}</Notice>
      ) : (
        <CardList as="ol">
          {set.cards.map((card, index) => (
            <Card as="li" key={card.id}>
              <CardTitle>{t('set.cardHeading', { number: index + 1 })}</CardTitle>
              <div className={styles.faces}>
                <Face label={t('set.front')} html={card.front.html} pictureUrl={card.front.pictureUrl} />
                <Face label={t('set.backSide')} html={card.back.html} pictureUrl={card.back.pictureUrl} />
              </div>
              {card.chapterId && <CardMeta>{t('set.chapterLinked')}</CardMeta>}
              {card.tags.length > 0 && (
                <ul className={styles.tags} aria-label={t('set.tagsLabel', { number: index + 1 })}>
                  {card.tags.map((tag) => (
                    <li key={tag} className={styles.tag}>
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
              <CardActions>
                <ButtonLink to={paths.ownCards.editCard.getHref(set.id, card.id)} variant="secondary" size="sm" aria-label={t('set.editLabel', { number: index + 1 })}>
                  {t('set.edit')}
                </ButtonLink>
                <Button variant="ghost" size="sm" onClick={() => setDeleting(card)} aria-label={t('set.deleteLabel', { number: index + 1 })}>
                  {t('set.delete')}
                </Button>
                <Button
                  ref={focus.buttonRef(card.id, -1)}
                  variant="ghost"
                  className={styles.iconButton}
                  disabled={index === 0}
                  aria-disabled={reorder.isPending || undefined}
                  onClick={() => move(index, -1)}
                  aria-label={t('set.moveUp', { number: index + 1 })}
                >
                  ↑
                </Button>
                <Button
                  ref={focus.buttonRef(card.id, 1)}
                  variant="ghost"
                  className={styles.iconButton}
                  disabled={index === set.cards.length - 1}
                  aria-disabled={reorder.isPending || undefined}
                  onClick={() => move(index, 1)}
                  aria-label={t('set.moveDown', { number: index + 1 })}
                >
                  ↓
                </Button>
              </CardActions>
            </Card>
          ))}
        </CardList>
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) {
            remove.reset();
            setDeleting(null);
          }
        }}
        icon={<TrashIcon size={26} />}
        title={t('set.deleteCardTitle')}
        description={t('set.deleteCardText')}
      >
        {remove.isError && (
          <Notice variant="error" role="alert">
            {describe(remove.error, t('set.error'))}
          </Notice>
        )}
        <Button
          variant="danger"
          fullWidth
          isBusy={remove.isPending}
          busyLabel={t('set.busy')}
          onClick={() =>
            deleting &&
            remove.mutate(
              { cardId: deleting.id, setId: set.id },
              {
                onSuccess: () => {
                  setDeleting(null);
                  onAnnounce(t('set.deleted'));
                },
              },
            )
          }
        >
          {t('set.deleteCardConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary" fullWidth disabled={remove.isPending}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
      </Dialog>
    </Section>
  );
}

/** One side of a card as it shows in a session: the server's sanitized HTML and the picture. */
export function Face({ label, html, pictureUrl }: { label: string; html: string; pictureUrl: string | null }) {
  const { t } = useTranslation('ownCards');
  const body = useRef<HTMLDivElement>(null);
  useTypesetFormulas(body, html);
  return (
    <div className={styles.face}>
      <span className={styles.faceLabel}>{label}</span>
      {/* sanitized on the server (the content renderer); the same HTML the session shows */}
      <div ref={body} className={styles.faceBody} dangerouslySetInnerHTML={{ __html: html }} />
      {pictureUrl && <img className={styles.picture} src={pictureUrl} alt={t('set.pictureAlt', { side: label.toLowerCase() })} loading="lazy" />}
    </div>
  );
}

function Share({ set, onAnnounce }: { set: OwnSetDetail; onAnnounce: (text: string) => void }) {
  const { t } = useTranslation('ownCards');
  const id = useId();
  const share = useShareOwnSet();
  const revoke = useRevokeOwnShare();
  const url = set.share ? new URL(paths.ownCards.shared.getHref(set.share.token), window.location.origin).toString() : '';
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(() => onAnnounce(t('set.copied')), () => undefined);
  };
  const error = share.error ?? revoke.error;
  return (
    <Section titleId={`${id}-title`} title={t('set.shareTitle')}>
      <Card>
        <CardText>{t('set.shareText')}</CardText>
        {set.share ? (
          <>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${id}-link`}>
                {t('set.shareLinkLabel')}
              </label>
              <div className={styles.shareRow}>
                <input id={`${id}-link`} className={styles.input} value={url} readOnly onFocus={(e) => e.target.select()} />
                <Button variant="secondary" onClick={copy}>
                  {t('set.copyLink')}
                </Button>
              </div>
            </div>
            <CardActions>
              <Button variant="danger" isBusy={revoke.isPending} busyLabel={t('set.busy')} onClick={() => revoke.mutate(set.id, { onSuccess: () => onAnnounce(t('set.revoked')) })}>
                {t('set.revoke')}
              </Button>
            </CardActions>
          </>
        ) : (
          <CardActions>
            <Button variant="secondary" isBusy={share.isPending} busyLabel={t('set.busy')} onClick={() => share.mutate(set.id)}>
              {t('set.share')}
            </Button>
          </CardActions>
        )}
        {revoke.isSuccess && !set.share && <Notice variant="success">{t('set.revoked')}</Notice>}
        {error && (
          <Notice variant="error" role="alert">
            {describe(error, t('set.error'))}
          </Notice>
        )}
      </Card>
    </Section>
  );
}

function EditSet({ set, subjects, onAnnounce }: { set: OwnSetDetail; subjects: readonly SubjectOption[]; onAnnounce: (text: string) => void }) {
  const { t } = useTranslation(['ownCards', 'common']);
  const id = useId();
  const navigate = useNavigate();
  const update = useUpdateOwnSet();
  const remove = useDeleteOwnSet();
  const [title, setTitle] = useState(set.title);
  const [description, setDescription] = useState(set.description);
  const [place, setPlace] = useState(placeValue(set));
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ setId: set.id, title, description, ...placeOf(place) }, { onSuccess: () => onAnnounce(t('set.saved')) });
  };
  return (
    <Card as="details" className={styles.details}>
      <summary>{t('set.settingsTitle')}</summary>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {t('sets.titleLabel')}
          </label>
          <input id={`${id}-name`} className={styles.input} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-description`}>
            {t('sets.descriptionLabel')}
          </label>
          <input id={`${id}-description`} className={styles.input} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <SubjectSelect id={`${id}-subject`} subjects={subjects} value={place} onChange={setPlace} fallbackTitle={set.courseName ?? set.subjectTitle} />
        {update.isError && (
          <Notice variant="error" role="alert">
            {describe(update.error, t('set.error'))}
          </Notice>
        )}
        <CardActions>
          <Button type="submit" isBusy={update.isPending} busyLabel={t('set.saving')}>
            {t('set.save')}
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('set.deleteSet')}
          </Button>
        </CardActions>
      </form>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setConfirming(open);
        }}
        icon={<TrashIcon size={26} />}
        title={t('set.deleteSetTitle', { title: set.title })}
        description={t('set.deleteSetText')}
      >
        {remove.isError && (
          <Notice variant="error" role="alert">
            {describe(remove.error, t('set.error'))}
          </Notice>
        )}
        <Button variant="danger" fullWidth isBusy={remove.isPending} busyLabel={t('set.busy')} onClick={() => remove.mutate(set.id, { onSuccess: () => navigate(paths.ownCards.root.getHref()) })}>
          {t('set.deleteSetConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary" fullWidth disabled={remove.isPending}>
            {t('common:cancel')}
          </Button>
        </DialogClose>
      </Dialog>
    </Card>
  );
}
