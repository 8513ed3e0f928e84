import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { returnToFrom } from '../../../lib/return-to.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { NewCardScreen } from '../../../features/own-cards/components/card-editor.tsx';

/**
 * /kaarten/nieuw?voorkant=…&achterkant=…&hoofdstuk=…&samenvatting=…&set=…: the card editor. The
 * reader's "Maak flashcard" opens it with the selection on the back and the chapter linked; then
 * "Terug" and saving both lead back to that chapter, where she was reading. Her PDF's (issue 41)
 * passes where she was as the link's state (lib/return-to.ts): back there too. Otherwise saving
 * opens the set.
 */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation('ownCards');
  const returnTo = returnToFrom(useLocation().state);
  const param = (name: string) => search.get(name) || undefined;
  const prefill = { front: param('voorkant'), back: param('achterkant'), chapterId: param('hoofdstuk'), summaryId: param('samenvatting'), setId: param('set') };
  const chapter = prefill.summaryId && prefill.chapterId ? paths.summary.read.getHref(prefill.summaryId, prefill.chapterId) : null;
  const source = chapter ? { to: chapter, label: t('editor.backToChapter') } : returnTo ? { to: returnTo, label: t('editor.backToPdf') } : undefined;
  return (
    <NewCardScreen
      key={search.toString()}
      prefill={prefill}
      back={source}
      onSaved={(setId) => navigate(source?.to ?? paths.ownCards.set.getHref(setId))}
    />
  );
}
