import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { SubjectSearchItem } from '@blok/contract/library';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import { useAddSubject } from '../api/add-subject.ts';
import { useSubjectSearch } from '../api/search-subjects.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { SubjectTile } from './subject-tile.tsx';
import { ListPanel } from '../../../components/ui/list-panel/list-panel.tsx';
import styles from './library.module.css';

type SubjectSearchProps = {
  onRemove: (subject: { id: string; title: string }) => void;
  onAnnounce: (message: string) => void;
  /** a subject was added to her library (the next step of adding it, if any) */
  onAdded?: (subject: { id: string; title: string }) => void;
};

/** Search over every subject of Blok, with Toevoegen / Verwijderen per result. */
export function SubjectSearch({ onRemove, onAnnounce, onAdded }: SubjectSearchProps) {
  const { t } = useTranslation('library');
  const headingId = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query);
  const search = useSubjectSearch(debounced);
  const add = useAddSubject();

  const results = search.data?.subjects ?? [];
  const status = search.isPending
    ? ''
    : debounced.trim() === ''
      ? t('search.allCount', { count: search.data?.total ?? 0 })
      : t('search.resultCount', { count: search.data?.total ?? 0, query: debounced.trim() });

  const onAdd = (subject: SubjectSearchItem) =>
    add.mutate(subject.id, {
      onSuccess: () => {
        onAnnounce(t('search.added', { title: subject.title }));
        onAdded?.({ id: subject.id, title: subject.title });
      },
    });

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('search.title')}
      </h2>
      <p className={styles.sectionIntro}>{t('search.text')}</p>
      <form role="search" className={styles.searchForm} onSubmit={(event) => event.preventDefault()}>
        <TextField
          type="search"
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
        />
      </form>
      <p className={styles.searchStatus} role="status">
        {search.isFetching && <Spinner size={14} />} {status}
      </p>
      {search.isError && (
        <Notice variant="error" role="alert">
          {t('search.error')}
        </Notice>
      )}
      {add.isError && (
        <Notice variant="error" role="alert">
          {t('search.addError')}
        </Notice>
      )}
      {results.length > 0 && (
        <ListPanel aria-labelledby={headingId}>
          {results.map((subject) => (
            <li key={subject.id} className={styles.result}>
              <SubjectTile id={subject.id} title={subject.title} />
              <div className={styles.resultBody}>
                <Link to={paths.library.subject.getHref(subject.id)} className={styles.resultTitle}>
                  {subject.title}
                </Link>
                <p className={styles.resultDescription}>{subject.description}</p>
                <p className={styles.cardMeta}>
                  {t('card.summaries', { count: subject.summaryCount })}
                  <span aria-hidden="true"> · </span>
                  {t('card.questionLists', { count: subject.questionListCount })}
                </p>
              </div>
              <div className={styles.resultAction}>
                {subject.inLibrary ? (
                  <>
                    <span className={styles.inLibrary}>
                      <CheckIcon size={16} /> {t('search.inLibrary')}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onRemove(subject)}
                      aria-label={t('search.removeLabel', { title: subject.title })}
                    >
                      {t('search.remove')}
                    </Button>
                  </>
                ) : (
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
                )}
              </div>
            </li>
          ))}
        </ListPanel>
      )}
    </section>
  );
}
