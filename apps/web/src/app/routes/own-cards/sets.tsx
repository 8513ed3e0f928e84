import { OwnSetsScreen } from '../../../features/own-cards/components/own-sets.tsx';
import { useSubjectOptions } from './use-subject-options.ts';

/** /kaarten: her own sets. */
export function Component() {
  return <OwnSetsScreen subjects={useSubjectOptions()} />;
}
