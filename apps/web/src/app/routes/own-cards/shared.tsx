import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { SharedSetScreen } from '../../../features/own-cards/components/shared-set.tsx';

/** /kaarten/gedeeld/{token}: a classmate's shared set, to copy. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return <SharedSetScreen key={token} token={token} onCopied={(setId) => navigate(paths.ownCards.set.getHref(setId))} />;
}
