import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EditCardScreen } from '../../../features/own-cards/components/card-editor.tsx';

/** /kaarten/{setId}/kaart/{cardId}: change one of her cards. */
export function Component() {
  const { setId = '', cardId = '' } = useParams();
  const navigate = useNavigate();
  return <EditCardScreen key={cardId} setId={setId} cardId={cardId} onSaved={(id) => navigate(paths.ownCards.set.getHref(id))} />;
}
