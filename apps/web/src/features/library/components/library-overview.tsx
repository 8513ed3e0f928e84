import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { LibraryIcon } from '../../../components/icons/icons.tsx';
import { useLibrary } from '../api/get-library.ts';
import { useSuggestions } from '../api/get-suggestions.ts';
import { LibrarySuggestions } from './library-suggestions.tsx';
import { RemoveSubjectDialog } from './remove-subject-dialog.tsx';
import { SubjectCard } from './subject-card.tsx';
import { SubjectSearch } from './subject-search.tsx';
import styles from './library.module.css';

/** The next step after adding a subject, as the route composes it (her exam date). */
export type AfterAdd = ComponentType<{
  /** the subject just added; null: no step open */
  subject: { id: string; title: string } | null;
  /** the step is over; `message` is announced */
  onClose: (message: string | null) => void;
  /** where focus goes after the step: 'Mijn vakken' (the button that added the subject is gone) */
  returnFocus: () => HTMLElement | null;
}>;

/**
 * /bibliotheek: her subjects with progress, 'Populair bij jouw studie', and the search to add others.
 * `aside`: what the route puts under the heading (the way to her own flashcards); `afterAdd`: the
 * step that follows adding a subject.
 */
export function LibraryOverview({ aside, afterAdd: AfterAddStep }: { aside?: ReactNode; afterAdd?: AfterAdd } = {}) {
  const { t } = useTranslation(['library', 'common']);
  const library = useLibrary();
  const suggestions = useSuggestions();
  const hasSuggestions = (suggestions.data?.subjects.length ?? 0) > 0;
  const [removing, setRemoving] = useState<{ id: string; title: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [added, setAdded] = useState<{ id: string; title: string } | null>(null);
  const mineHeading = useRef<HTMLHeadingElement>(null);
  const onAdded = AfterAddStep ? setAdded : undefined;
  const subjects = library.data?.subjects ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('overview.title')}</h1>
        <p className={styles.pageIntro}>{t('overview.text')}</p>
      </header>
      {aside}

      <section aria-labelledby="library-mine" className={styles.section}>
        <h2 id="library-mine" className={styles.sectionTitle} ref={mineHeading} tabIndex={-1}>
          {t('overview.mine')}
          {library.data && <span className={styles.count}>{subjects.length}</span>}
        </h2>
        {library.isPending && (
          <div className={styles.grid} role="status" aria-label={t('common:loading')}>
            <div className={styles.skeleton} />
            <div className={styles.skeleton} />
          </div>
        )}
        {library.isError && (
          <Notice variant="error" role="alert" title={t('overview.error')}>
            <Button variant="link" size="sm" onClick={() => void library.refetch()}>
              {t('common:retry')}
            </Button>
          </Notice>
        )}
        {library.data && subjects.length === 0 && (
          <div className={styles.empty}>
            <LibraryIcon size={32} />
            <p className={styles.emptyTitle}>{t('overview.emptyTitle')}</p>
            <p>{hasSuggestions ? t('overview.emptyWithSuggestions') : t('overview.emptyText')}</p>
          </div>
        )}
        {subjects.length > 0 && (
          <ul className={styles.grid}>
            {subjects.map((subject) => (
              <li key={subject.id}>
                <SubjectCard subject={subject} onRemove={() => setRemoving({ id: subject.id, title: subject.title })} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <LibrarySuggestions onAnnounce={setAnnouncement} onAdded={onAdded} />

      <SubjectSearch onRemove={setRemoving} onAnnounce={setAnnouncement} onAdded={onAdded} />

      {AfterAddStep && (
        <AfterAddStep
          subject={added}
          onClose={(message) => {
            setAdded(null);
            if (message) setAnnouncement(message);
          }}
          returnFocus={() => mineHeading.current}
        />
      )}

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <RemoveSubjectDialog
        subject={removing}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        onRemoved={(title) => setAnnouncement(t('remove.done', { title }))}
      />
    </div>
  );
}
