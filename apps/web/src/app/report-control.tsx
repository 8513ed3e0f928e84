import { Component, lazy, Suspense, type ReactNode } from 'react';
import { ReportControlContext, type ReportTarget } from '../components/report-slot/report-slot.tsx';
import { useAfterPaint } from '../hooks/use-after-paint.ts';
import { loadNamespaces } from '../lib/i18n.ts';

/**
 * "Meld een fout" (features/reports) with its strings, a chunk of their own: no screen's first render
 * waits for them, and the service worker precaches them with the study screens (vite.config.ts).
 * Loaded once the screen with a ReportSlot has been painted (hooks/use-after-paint.ts, issue 43): a
 * first visit of the reader does not wait for a control at the end of the chapter.
 */
const ReportMistake = lazy(() =>
  Promise.all([import('../features/reports/components/report-mistake.tsx'), loadNamespaces(['reports'])]).then(([module]) => ({ default: module.ReportMistake })),
);

/** A control that did not load (offline before the precache) leaves its place empty, not the screen broken. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function ReportControl(props: ReportTarget) {
  const painted = useAfterPaint();
  if (!painted) return null;
  return (
    <Quiet>
      <Suspense fallback={null}>
        <ReportMistake {...props} />
      </Suspense>
    </Quiet>
  );
}

const renderReportControl = (target: ReportTarget) => <ReportControl kind={target.kind} itemId={target.itemId} />;

/**
 * Puts "Meld een fout" in the places a screen marks (ReportSlot). The routes of the study screens
 * (practice questions, the reader, flashcard sessions) wrap their screen in it; her own cards' session
 * does not. Only those routes' chunks import this module: no first visit of another screen grows.
 */
export function WithReportControl({ children }: { children: ReactNode }) {
  return <ReportControlContext.Provider value={renderReportControl}>{children}</ReportControlContext.Provider>;
}
