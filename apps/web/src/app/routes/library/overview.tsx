import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { LibraryOverview, type AfterAdd } from '../../../features/library/components/library-overview.tsx';
import { OwnCardsEntry } from '../../../features/library/components/own-cards-entry.tsx';
import { CoursesEntry } from '../../../features/courses/components/courses-entry.tsx';
import { MaterialSearch } from '../../../features/courses/components/material-search.tsx';

type StepProps = ComponentProps<AfterAdd>;

/** When the step's code cannot load (the connection dropped): the step is skipped, her subject stays added. */
function SkippedStep({ onClose }: StepProps) {
  useEffect(() => onClose(null), [onClose]);
  return null;
}

/*
 * The exam date step loads when she adds a subject, not with the library: the library is precached
 * for offline use (decision 014) and adding a subject needs the network anyway.
 */
const ExamDateStep = lazy<AfterAdd>(() =>
  import('../../../features/plan/components/exam-date-step.tsx').then(
    (module) => ({ default: module.ExamDateStep }),
    () => ({ default: SkippedStep }),
  ),
);

/** The step, from the first subject she adds on; it stays mounted so its dialog closes as it should (focus back). */
function ExamDateStepOnDemand(props: StepProps) {
  const [needed, setNeeded] = useState(false);
  if (props.subject !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ExamDateStep {...props} />
    </Suspense>
  );
}

/**
 * /bibliotheek: her subjects and the search for others, her own courses (issue 41) and the way to her own flashcards; adding a
 * subject offers her exam date right there (optional, issue 27).
 */
export function Component() {
  return (
    <LibraryOverview
      aside={
        <>
          <MaterialSearch />
          <CoursesEntry />
          <OwnCardsEntry />
        </>
      }
      afterAdd={ExamDateStepOnDemand}
    />
  );
}
