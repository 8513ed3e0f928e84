import { LibraryOverview } from '../../../features/library/components/library-overview.tsx';
import { OwnCardsEntry } from '../../../features/library/components/own-cards-entry.tsx';

/** /bibliotheek: her subjects and the search for others, and the way to her own flashcards. */
export function Component() {
  return <LibraryOverview aside={<OwnCardsEntry />} />;
}
