import { LibraryOverview } from '../../../features/library/components/library-overview.tsx';

/** /bibliotheek: her subjects and the search for others. */
export function Component() {
  return <LibraryOverview />;
}
