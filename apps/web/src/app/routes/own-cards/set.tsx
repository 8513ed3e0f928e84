import { useParams } from 'react-router';
import { OwnSetScreen } from '../../../features/own-cards/components/own-set.tsx';
import { useSubjectOptions } from './use-subject-options.ts';

/** /kaarten/{setId}: one of her sets with its cards. */
export function Component() {
  const { setId = '' } = useParams();
  const subjects = useSubjectOptions();
  return <OwnSetScreen key={setId} setId={setId} subjects={subjects} />;
}
