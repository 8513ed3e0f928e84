import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { NewCardScreen } from '../../../features/own-cards/components/card-editor.tsx';

/**
 * /kaarten/nieuw?achterkant=…&hoofdstuk=…&samenvatting=…&set=…: the card editor. The reader's
 * "Maak flashcard" opens it with the selection on the back and the chapter linked; then "Terug"
 * and saving both lead back to that chapter, where she was reading. Otherwise saving opens the set.
 */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation('ownCards');
  const param = (name: string) => search.get(name) || undefined;
  const prefill = { back: param('achterkant'), chapterId: param('hoofdstuk'), summaryId: param('samenvatting'), setId: param('set') };
  const chapter = prefill.summaryId && prefill.chapterId ? paths.summary.read.getHref(prefill.summaryId, prefill.chapterId) : null;
  return (
    <NewCardScreen
      key={search.toString()}
      prefill={prefill}
      back={chapter ? { to: chapter, label: t('editor.backToChapter') } : undefined}
      onSaved={(setId) => navigate(chapter ?? paths.ownCards.set.getHref(setId))}
    />
  );
}
