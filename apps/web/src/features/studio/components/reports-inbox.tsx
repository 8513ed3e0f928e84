import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { useReports } from '../api/get-reports.ts';
import { useHandleReport } from '../api/handle-report.ts';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './studio.module.css';

/** "Meld een fout" in the studio (decision 029): the subject's reports, each with what it refers to. */
export function ReportsInbox({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation('studio');
  const reports = useReports(subjectId);
  const handle = useHandleReport();
  const list = reports.data?.reports ?? [];
  const open = list.filter((r) => r.status === 'open').length;
  return (
    <Card as="section" spacious className={styles.card} aria-labelledby="studio-reports">
      <h2 id="studio-reports" className={styles.sectionTitle}>
        {t('reports.title')}
      </h2>
      {reports.isError && <p className={styles.muted}>{t('loadError')}</p>}
      {reports.data && <p className={styles.muted}>{list.length === 0 ? t('reports.empty') : open === 0 ? t('reports.allHandled') : t('reports.open', { count: open })}</p>}
      <ul className={styles.list}>
        {list.map((r) => {
          const about = r.kind === 'chapter' ? t('reports.chapter', { title: r.itemTitle }) : r.kind === 'flashcard' ? t('reports.flashcard', { id: r.itemId }) : t('reports.question', { id: r.itemId });
          return (
            <li key={r.id} className={styles.answer}>
              <p>
                <strong>{about}</strong>
              </p>
              {r.kind !== 'chapter' && <p className={styles.muted}>{r.itemTitle}</p>}
              <blockquote>{r.message}</blockquote>
              <p className={styles.muted}>
                {r.status === 'handled'
                  ? t('reports.handledBy', { who: r.handledBy ?? '', date: new Date(r.handledAt ?? r.createdAt).toLocaleString('nl-NL') })
                  : t('reports.sentAt', { date: new Date(r.createdAt).toLocaleString('nl-NL') })}
              </p>
              {r.status === 'open' && (
                <Button
                  variant="secondary"
                  size="sm"
                  // each button names its report for a screen reader, not only the same three words
                  aria-label={t('reports.handleItem', { item: about })}
                  isBusy={handle.isPending && handle.variables === r.id}
                  disabled={handle.isPending}
                  onClick={() => handle.mutate(r.id)}
                >
                  {t('reports.handle')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
