import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NewCardScreen } from '../../../features/own-cards/components/card-editor.tsx';

/**
 * /kaarten/nieuw?achterkant=…&hoofdstuk=…&samenvatting=…&set=…: the card editor. The reader's
 * "Maak flashcard" opens it with the selection on the back and the chapter linked.
 */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const param = (name: string) => search.get(name) || undefined;
  const prefill = { back: param('achterkant'), chapterId: param('hoofdstuk'), summaryId: param('samenvatting'), setId: param('set') };
  return <NewCardScreen key={search.toString()} prefill={prefill} onSaved={(setId) => navigate(paths.ownCards.set.getHref(setId))} />;
}
