import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import type { SummaryDetail } from '@blok/contract/library';
import { Button } from '../../../components/ui/button/button.tsx';
import { useOnline } from '../../../hooks/use-online.ts';
import { getOfflineMark, setOfflineMark, useOfflineMark } from '../../../lib/offline/offline-marks.ts';
import { readableChapters, saveSummaryOffline, type SaveProgress, type SaveResult } from './save-offline.ts';
import { useSavedChapters } from './use-saved-chapters.ts';
import { SwitchRow } from '../../../components/ui/switch-row/switch-row.tsx';
import styles from './offline-summary.module.css';

/** A marked summary is fetched again on opening when its last save is older than this. */
export const OFFLINE_REFRESH_MS = 10 * 60 * 1000;

type Phase = { kind: 'idle' } | { kind: 'saving'; progress: SaveProgress } | { kind: 'saved'; result: SaveResult } | { kind: 'error' } | { kind: 'needs-connection' };

/**
 * 'Offline beschikbaar maken' for one summary (decision 013): a switch that saves every chapter she
 * may read, with its pictures, on this device, shows the progress and the result, and remembers the
 * choice. While it is on, opening the summary online fetches the chapters again when the last save
 * is old (or was cut short), so a chapter changed on the server is refreshed.
 */
export function OfflineSummary({ summary }: { summary: SummaryDetail }) {
  const { t } = useTranslation('summary');
  const client = useQueryClient();
  const online = useOnline();
  const { mark, loaded } = useOfflineMark(summary.id);
  const saved = useSavedChapters(summary.id);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const running = useRef(false);
  const id = useId();

  const readable = readableChapters(summary);
  const savedReadable = readable.filter((c) => saved.has(c.chapterId)).length;
  const premiumLocked = summary.chapters.filter((c) => c.locked).length;

  const save = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setPhase({ kind: 'saving', progress: { done: 0, total: readableChapters(summary).length } });
    try {
      const result = await saveSummaryOffline(client, summary.id, (progress) => setPhase({ kind: 'saving', progress }));
      const complete = result.failed === 0 && result.picturesFailed === 0;
      // Still marked (she may have switched it off meanwhile): remember when it was complete.
      const current = getOfflineMark(summary.id);
      if (current) await setOfflineMark(summary.id, { ...current, savedAt: complete ? Date.now() : null });
      setPhase({ kind: 'saved', result });
    } catch {
      setPhase({ kind: navigator.onLine ? 'error' : 'needs-connection' });
    } finally {
      running.current = false;
    }
  }, [client, summary]);

  // Keep a marked summary up to date: fetched again when online and its last save is old or cut short.
  const tried = useRef(false);
  useEffect(() => {
    if (!online) tried.current = false;
    if (!loaded || !mark || !online || tried.current) return;
    if (mark.savedAt !== null && Date.now() - mark.savedAt < OFFLINE_REFRESH_MS) return;
    // Started outside the effect's own render pass (it updates the progress as it goes).
    const timer = setTimeout(() => {
      tried.current = true;
      void save();
    }, 0);
    return () => clearTimeout(timer);
  }, [loaded, mark, online, save]);

  const toggle = async (on: boolean) => {
    if (!on) {
      await setOfflineMark(summary.id, null);
      setPhase({ kind: 'idle' });
      return;
    }
    if (!online) {
      setPhase({ kind: 'needs-connection' });
      return;
    }
    tried.current = true;
    await setOfflineMark(summary.id, { summaryId: summary.id, markedAt: Date.now(), savedAt: null });
    await save();
  };

  const saving = phase.kind === 'saving';
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <SwitchRow
        id={id}
        title={t('offline.title')}
        text={t('offline.text')}
        note={premiumLocked > 0 ? t('offline.premiumNeeded', { count: premiumLocked }) : undefined}
        checked={Boolean(mark)}
        disabled={!loaded || saving}
        describedBy={`${id}-status`}
        onCheckedChange={(checked) => void toggle(checked)}
      />
      <div id={`${id}-status`} role="status" className={styles.status}>
        {saving && (
          <>
            <span>{t('offline.saving', { done: phase.progress.done, total: phase.progress.total })}</span>
            <progress className={styles.progress} max={Math.max(1, phase.progress.total)} value={phase.progress.done} aria-hidden="true" />
          </>
        )}
        {phase.kind === 'saved' && <SavedLines result={phase.result} onRetry={() => void save()} online={online} />}
        {phase.kind === 'error' && (
          <>
            <span className={styles.problem}>{t('offline.error')}</span>
            {online && mark && (
              <Button variant="secondary" size="sm" className={styles.retry} onClick={() => void save()}>
                {t('offline.retry')}
              </Button>
            )}
          </>
        )}
        {phase.kind === 'needs-connection' && <span className={styles.problem}>{t('offline.needsConnection')}</span>}
        {phase.kind === 'idle' && mark && (
          <>
            <span className={styles.done}>
              {savedReadable === readable.length ? t('offline.saved', { count: savedReadable }) : t('offline.onDevice', { saved: savedReadable, count: readable.length })}
            </span>
            {mark.savedAt === null && !online && <span>{t('offline.updateLater')}</span>}
          </>
        )}
      </div>
    </section>
  );
}

function SavedLines({ result, onRetry, online }: { result: SaveResult; onRetry: () => void; online: boolean }) {
  const { t } = useTranslation('summary');
  return (
    <>
      <span className={styles.done}>{t('offline.saved', { count: result.saved })}</span>
      {result.failed > 0 && <span className={styles.problem}>{t('offline.chaptersFailed', { count: result.failed })}</span>}
      {result.picturesFailed > 0 && <span className={styles.problem}>{t('offline.picturesFailed', { count: result.picturesFailed })}</span>}
      {(result.failed > 0 || result.picturesFailed > 0) && online && (
        <Button variant="secondary" size="sm" className={styles.retry} onClick={onRetry}>
          {t('offline.retry')}
        </Button>
      )}
    </>
  );
}

/** The mark on a chapter whose text is on this device. */
export function OfflineBadge() {
  const { t } = useTranslation('summary');
  return <span className={styles.badge}>{t('offline.badge')}</span>;
}
