import { LibraryOverview } from '../../../features/library/components/library-overview.tsx';
import { OwnCardsEntry } from '../../../features/library/components/own-cards-entry.tsx';
import { ExamDateStep } from '../../../features/plan/components/exam-date-step.tsx';

/**
 * /bibliotheek: her subjects and the search for others, and the way to her own flashcards; adding a
 * subject offers her exam date right there (optional, issue 27).
 */
export function Component() {
  return <LibraryOverview aside={<OwnCardsEntry />} afterAdd={ExamDateStep} />;
}
