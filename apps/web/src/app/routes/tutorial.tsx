import { useParams } from 'react-router';
import { TutorialOverview } from '../../features/tutorial/components/tutorial-overview.tsx';

/** /tutorial/{id?}: the id is passed to TutorialOverview as a property (spec route table). */
export function Component() {
  const { id } = useParams();
  return <TutorialOverview id={id} />;
}
