import { useParams } from 'react-router';
import { OwnSetScreen } from '../../../features/own-cards/components/own-set.tsx';
import { useOwnSet } from '../../../features/own-cards/api/get-own-set.ts';
import { ExportSet } from '../../../features/card-import/components/export-set.tsx';
import { useSubjectOptions } from './use-subject-options.ts';

/** /kaarten/{setId}: one of her sets with its cards. */
export function Component() {
  const { setId = '' } = useParams();
  const subjects = useSubjectOptions();
  // the same query as the screen's (one request): the export names its file after the set
  const set = useOwnSet(setId);
  return (
    <>
      <OwnSetScreen key={setId} setId={setId} subjects={subjects} />
      {set.data && <ExportSet setId={set.data.id} title={set.data.title} />}
    </>
  );
}
