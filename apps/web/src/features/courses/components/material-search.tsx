import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SearchHit } from '@blok/contract/search';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useSearchMaterial } from '../api/search.ts';
import styles from './courses.module.css';

/** The found words marked in a snippet. */
function Marked({ snippet }: { snippet: SearchHit['snippet'] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  snippet.marks.forEach(([a, b], i) => {
    if (a > at) parts.push(snippet.text.slice(at, a));
    parts.push(<mark key={i}>{snippet.text.slice(a, b)}</mark>);
    at = b;
  });
  parts.push(snippet.text.slice(at));
  return <>{parts}</>;
}

function hitLink(hit: SearchHit): { to: string; title: string } {
  if (hit.kind === 'page') return { to: paths.courses.file.getHref(hit.courseId, hit.fileId, hit.page), title: hit.fileName };
  if (hit.kind === 'card') return { to: paths.ownCards.editCard.getHref(hit.setId, hit.cardId), title: hit.setTitle };
  return { to: paths.summary.read.getHref(hit.summaryId, hit.chapterId), title: hit.chapterTitle };
}

/**
 * One search in the library (issue 41): words in her PDFs (a hit opens the page), her own cards and
 * Blok's summaries (a hit opens the chapter), best match first.
 */
export function MaterialSearch() {
  const { t } = useTranslation('courses');
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const result = useSearchMaterial(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  const meta = (hit: SearchHit) =>
    hit.kind === 'page'
      ? t('search.kindPage', { course: hit.courseName, file: hit.fileName, page: hit.page })
      : hit.kind === 'card'
        ? t('search.kindCard', { set: hit.setTitle })
        : t('search.kindChapter', { summary: hit.summaryTitle });

  return (
    <section className={styles.entry} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('search.title')}
      </h2>
      <form className={styles.form} role="search" onSubmit={submit}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-q`}>
            {t('search.label')}
          </label>
          <input id={`${id}-q`} type="search" className={styles.input} value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="secondary">
            {t('search.submit')}
          </Button>
        </div>
      </form>
      {result.isFetching && <LoadingRow label={t('search.searching')} spinnerSize={20} />}
      {result.isError && (
        <Notice variant="error" role="alert">
          {t('search.error')}
        </Notice>
      )}
      {result.data && query !== '' && (
        <>
          <p className={styles.text} role="status">
            {result.data.hits.length === 0 ? t('search.empty', { query: result.data.query }) : t('search.results', { count: result.data.hits.length, query: result.data.query })}
          </p>
          {result.data.hits.length > 0 && (
            <ol className={styles.hits}>
              {result.data.hits.map((hit, i) => {
                const link = hitLink(hit);
                return (
                  <li key={i} className={styles.hit}>
                    <Link className={styles.hitTitle} to={link.to}>
                      {link.title}
                    </Link>
                    <span className={styles.hitMeta}>{meta(hit)}</span>
                    {hit.snippet.text && (
                      <span className={styles.hitText}>
                        <Marked snippet={hit.snippet} />
                      </span>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
