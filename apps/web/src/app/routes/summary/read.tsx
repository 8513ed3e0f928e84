import { lazy, Component as ReactComponent, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Reader, type ChapterOverlay } from '../../../features/summary/components/reader.tsx';
import { ChapterAnnotationsSlot } from '../../../features/annotations/components/chapter-annotations-slot.tsx';
import { useAfterPaint } from '../../../hooks/use-after-paint.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { WithReportControl } from '../../report-control.tsx';

/**
 * Her highlights and notes over the chapter (features/annotations) with their strings, a chunk of
 * their own that loads after the chapter's first paint (issue 43): the text she came for is not held
 * up by the code of what she does with it. The service worker precaches it with the reader
 * (vite.config.ts), so it opens offline too.
 */
const ChapterAnnotations = lazy(() =>
  Promise.all([import('../../../features/annotations/components/chapter-annotations.tsx'), loadNamespaces(['annotations'])]).then(([module]) => ({
    default: module.ChapterAnnotations,
  })),
);

/** An overlay that did not load (offline before the precache) leaves the chapter as it is, not the screen broken. */
class Quiet extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Asks for the overlay's code once the chapter has been painted and the browser is idle
 * (hooks/use-after-paint.ts), holding the place of its bar meanwhile so the text does not move when
 * it arrives.
 */
function AfterPaintOverlay(props: ComponentProps<ChapterOverlay>) {
  const painted = useAfterPaint();
  if (!painted) return <ChapterAnnotationsSlot />;
  return (
    <Quiet>
      <Suspense fallback={<ChapterAnnotationsSlot />}>
        <ChapterAnnotations {...props} />
      </Suspense>
    </Quiet>
  );
}

/** ReadSummary: /summary/read/{id}/{chapterId?}. */
export function Component() {
  const { id = '', chapterId } = useParams();
  return (
    <WithReportControl>
      <Reader key={id} summaryId={id} chapterId={chapterId} overlay={AfterPaintOverlay} />
    </WithReportControl>
  );
}
