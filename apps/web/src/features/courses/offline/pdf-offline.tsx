import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { SwitchRow } from '../../../components/ui/switch-row/switch-row.tsx';
import styles from '../components/courses.module.css';
import { forgetPdf, isPdfKept, keepPdf, PDF_AUTO_KEEP_BYTES } from './pdf-cache.ts';

type Phase = 'checking' | 'off' | 'saving' | 'kept' | 'no-space' | 'failed' | 'needs-connection';

/** Waits for the viewer's first pages before a kept copy is fetched: her reading comes first. */
const AUTO_KEEP_DELAY_MS = 2_000;

const saveData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * 'Offline beschikbaar' for one of her PDFs (issue 41): a file she opens is kept on the device when
 * it is small (at most PDF_AUTO_KEEP_BYTES, not when her browser asks to save data), a larger one when
 * she switches this on; switching it off removes the copy.
 */
export function PdfOffline({ courseId, fileId, bytes }: { courseId: string; fileId: string; bytes: number }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>('checking');
  const busy = useRef(false);

  const keep = async () => {
    if (busy.current) return;
    busy.current = true;
    setPhase('saving');
    const result = await keepPdf(courseId, fileId);
    busy.current = false;
    setPhase(result === 'kept' ? 'kept' : result === 'no-space' ? 'no-space' : navigator.onLine ? 'failed' : 'needs-connection');
  };

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void isPdfKept(courseId, fileId).then((kept) => {
      if (cancelled) return;
      setPhase(kept ? 'kept' : 'off');
      if (!kept && navigator.onLine && bytes <= PDF_AUTO_KEEP_BYTES && !saveData()) timer = setTimeout(() => void keep(), AUTO_KEEP_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per file
  }, [courseId, fileId, bytes]);

  const toggle = async (on: boolean) => {
    if (!on) {
      await forgetPdf(courseId, fileId);
      setPhase('off');
      return;
    }
    if (!online) {
      setPhase('needs-connection');
      return;
    }
    await keep();
  };

  const status =
    phase === 'saving'
      ? t('offline.saving')
      : phase === 'kept'
        ? t('offline.saved')
        : phase === 'no-space'
          ? t('offline.noSpace')
          : phase === 'failed'
            ? t('offline.error')
            : phase === 'needs-connection'
              ? t('offline.needsConnection')
              : '';
  return (
    <div>
      <SwitchRow
        id={id}
        title={t('offline.title')}
        text={t('offline.text')}
        checked={phase === 'kept' || phase === 'saving'}
        disabled={phase === 'checking' || phase === 'saving'}
        describedBy={`${id}-status`}
        onCheckedChange={(checked) => void toggle(checked)}
      />
      <p id={`${id}-status`} role="status" className={styles.text}>
        {status}
      </p>
    </div>
  );
}
