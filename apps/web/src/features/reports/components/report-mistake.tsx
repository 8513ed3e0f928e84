import { useId, useRef, useState } from 'react';
import { REPORT_MESSAGE_MAX, REPORT_MESSAGE_MIN, type ReportKind } from '@blok/contract/reports';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useReportMistake } from '../api/report-mistake.ts';
import { useMyReports } from '../api/get-my-reports.ts';
import styles from './report-mistake.module.css';

export interface ReportMistakeProps {
  /** what she reports a mistake in: a question, a chapter or a flashcard */
  kind: ReportKind;
  itemId: string;
}

/**
 * "Meld een fout" (decision 029) under a question, at the end of a chapter and under a flashcard: a
 * short text to the authors of its subject. The form opens in place; after sending she reads that it
 * arrived, and later whether her latest report of the item was handled. Loaded on its own chunk with
 * its strings (app/report-slot.tsx), so no screen's first visit carries it.
 */
export function ReportMistake({ kind, itemId }: ReportMistakeProps) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportMistake();
  const formId = useId();
  const fieldId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // her latest earlier report of this item: she sees whether it was handled
  const earlier = useMyReports().data?.reports.find((r) => r.kind === kind && r.itemId === itemId);
  const day = (iso: string) => new Date(iso).toLocaleDateString('nl-NL', { day: 'numeric', month: 'long' });

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message.length < REPORT_MESSAGE_MIN) {
      setError(t('tooShort', { count: REPORT_MESSAGE_MIN }));
      return;
    }
    setError(null);
    try {
      await report.mutateAsync({ kind, itemId, message });
      setOpen(false);
      setText('');
    } catch (err) {
      setError(err instanceof ApiError ? err.description || t('failed') : t('failed'));
    }
  };

  if (report.isSuccess && !open) {
    return (
      <div className={styles.report} role="status">
        <Notice variant="success" title={t('thanksTitle')}>
          {t(`thanks.${kind}`)}
        </Notice>
      </div>
    );
  }

  return (
    <div className={styles.report}>
      {earlier && (
        <p className={styles.hint}>
          {earlier.status === 'handled' && earlier.handledAt
            ? t(`earlierHandled.${kind}`, { sent: day(earlier.createdAt), handled: day(earlier.handledAt) })
            : t(`earlierOpen.${kind}`, { sent: day(earlier.createdAt) })}
        </p>
      )}
      <button ref={toggle} type="button" className={styles.toggle} aria-expanded={open} aria-controls={formId} onClick={() => setOpen((v) => !v)}>
        {t('open')}
      </button>
      {open && (
        <form id={formId} className={styles.form} onSubmit={send} noValidate>
          <label className={styles.label} htmlFor={fieldId}>
            {t(`label.${kind}`)}
          </label>
          <textarea
            id={fieldId}
            className={styles.textarea}
            value={text}
            rows={3}
            maxLength={REPORT_MESSAGE_MAX}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
          />
          {error ? (
            <p id={`${fieldId}-error`} className={styles.error} role="alert">
              {error}
            </p>
          ) : (
            <p id={`${fieldId}-hint`} className={styles.hint}>
              {t('hint')}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" size="sm" isBusy={report.isPending} busyLabel={t('sending')}>
              {t('send')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setOpen(false);
                setError(null);
                toggle.current?.focus();
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
