import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { LibrarySuggestion } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useAddSubject } from '../api/add-subject.ts';
import { useSuggestions } from '../api/get-suggestions.ts';
import { SubjectTile } from './subject-tile.tsx';
import { ListPanel } from '../../../components/ui/list-panel/list-panel.tsx';
import styles from './library.module.css';

/**
 * 'Populair bij jouw studie': subjects of the earlier years of her study and of related studies,
 * each with Toevoegen. Shows nothing when there is nothing to suggest.
 */
export function LibrarySuggestions({ onAnnounce, onAdded }: { onAnnounce: (message: string) => void; onAdded?: (subject: { id: string; title: string }) => void }) {
  const { t } = useTranslation('library');
  const headingId = useId();
  const suggestions = useSuggestions();
  const add = useAddSubject();
  const subjects = suggestions.data?.subjects ?? [];
  if (subjects.length === 0) return null;

  const onAdd = (subject: LibrarySuggestion) =>
    add.mutate(subject.id, {
      onSuccess: () => {
        onAnnounce(t('search.added', { title: subject.title }));
        onAdded?.({ id: subject.id, title: subject.title });
      },
    });

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('suggestions.title')}
      </h2>
      <p className={styles.sectionIntro}>{t('suggestions.text')}</p>
      {add.isError && (
        <Notice variant="error" role="alert">
          {t('search.addError')}
        </Notice>
      )}
      <ListPanel aria-labelledby={headingId}>
        {subjects.map((subject) => (
          <li key={subject.id} className={styles.result}>
            <SubjectTile id={subject.id} title={subject.title} />
            <div className={styles.resultBody}>
              <Link to={paths.library.subject.getHref(subject.id)} className={styles.resultTitle}>
                {subject.title}
              </Link>
              <p className={styles.suggestionReason}>{t(`suggestions.reason.${subject.reason}`)}</p>
              <p className={styles.resultDescription}>{subject.description}</p>
              <p className={styles.cardMeta}>
                {t('card.summaries', { count: subject.summaryCount })}
                <span aria-hidden="true"> · </span>
                {t('card.questionLists', { count: subject.questionListCount })}
              </p>
            </div>
            <div className={styles.resultAction}>
              <Button
                variant="secondary"
                size="sm"
                isBusy={add.isPending && add.variables === subject.id}
                busyLabel={t('search.adding')}
                onClick={() => onAdd(subject)}
                aria-label={t('search.addLabel', { title: subject.title })}
              >
                {t('search.add')}
              </Button>
            </div>
          </li>
        ))}
      </ListPanel>
    </section>
  );
}
