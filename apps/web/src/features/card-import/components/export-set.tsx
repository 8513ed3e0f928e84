import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useExportSet, type ExportFormat } from '../api/export-set.ts';
import styles from './card-import.module.css';

/** Her set as a file: CSV (any spreadsheet, Quizlet) or an .apkg that Anki opens. */
export function ExportSet({ setId, title }: { setId: string; title: string }) {
  const { t } = useTranslation('cardImport');
  const exporting = useExportSet();
  const run = (format: ExportFormat) => exporting.mutate({ setId, title, format });
  const busy = exporting.isPending ? exporting.variables.format : null;
  return (
    <section className={styles.exportBlock} aria-labelledby="export-set-title">
      <h2 id="export-set-title" className={styles.subheading}>
        {t('export.title')}
      </h2>
      <p className={styles.hint}>{t('export.intro')}</p>
      <div className={styles.exportButtons}>
        <Button variant="secondary" size="sm" isBusy={busy === 'csv'} busyLabel={t('export.busy')} disabled={busy !== null} onClick={() => run('csv')}>
          {t('export.csv')}
        </Button>
        <Button variant="secondary" size="sm" isBusy={busy === 'apkg'} busyLabel={t('export.busy')} disabled={busy !== null} onClick={() => run('apkg')}>
          {t('export.apkg')}
        </Button>
      </div>
      {exporting.isError && (
        <Notice variant="error" role="alert">
          {t('export.failed')}
        </Notice>
      )}
    </section>
  );
}
