import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { CardImport } from '../../../features/card-import/components/card-import.tsx';
import { subjectQueryOptions } from '../../../features/library/api/get-subject.ts';
import { summaryQueryOptions } from '../../../features/summary/api/get-summary.ts';
import { useSubjectOptions } from '../own-cards/use-subject-options.ts';

/**
 * The chapters of a subject, over its summaries (the library's and the summaries' calls, from their
 * cache when there). One query over the summaries, not useQueries: that hook would put TanStack's
 * QueriesObserver into the framework chunk of every first visit for this one screen.
 */
function useChapterOptions(subjectId: string): ReadonlyArray<{ id: string; title: string }> {
  const client = useQueryClient();
  const subject = useQuery({ ...subjectQueryOptions(subjectId), enabled: subjectId !== '' });
  const summaries = subject.data && subjectId ? subject.data.summaries : [];
  const details = useQuery({
    queryKey: ['card-import', 'chapters', subjectId, summaries.map((s) => s.id)],
    queryFn: () => Promise.all(summaries.map((s) => client.ensureQueryData(summaryQueryOptions(s.id)))),
    enabled: summaries.length > 0,
  });
  return (details.data ?? []).flatMap((summary, i) =>
    summary.chapters.map((c) => ({ id: c.chapterId, title: summaries.length > 1 ? `${summaries[i]!.title}: ${c.titleText}` : c.titleText })),
  );
}

/**
 * /kaarten/importeren: a new set of her own from a text or an Anki package, in one of her subjects
 * (`?vak=` chooses it, from that subject's flashcards overview) and a chapter of it, or personal.
 */
export function Component() {
  const { t } = useTranslation('cardImport');
  const [search] = useSearchParams();
  const subjects = useSubjectOptions();
  const [subjectId, setSubjectId] = useState(search.get('vak') ?? '');
  const [chapterId, setChapterId] = useState('');
  // a subject from the link that is not in her library is not offered
  const chosen = subjects.some((s) => s.id === subjectId) ? subjectId : '';
  const chapters = useChapterOptions(chosen);
  return (
    <PageShell
      title={t('title')}
      intro={t('intro')}
      back={chosen ? { to: paths.library.flashcardsOverview.getHref(chosen), label: t('backToSubject') } : { to: paths.ownCards.root.getHref(), label: t('back') }}
    >
      <CardImport
        place={{
          subjects,
          chapters,
          subjectId: chosen,
          chapterId,
          onSubject: (id) => {
            setSubjectId(id);
            setChapterId('');
          },
          onChapter: setChapterId,
        }}
      />
    </PageShell>
  );
}
