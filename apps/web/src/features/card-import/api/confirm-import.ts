import { useMutation } from '@tanstack/react-query';
import { CardImportResultSchema } from '@blok/contract/card-import';
import { api } from '../../../lib/api-client.ts';
import { importQuery, type ImportChoice } from '../utils/import-query.ts';

/** POST card-imports with the same file again: a new set of hers with all its cards, or nothing. */
export const confirmImport = ({
  file,
  choice,
  title,
  skipProblems,
  subjectId = null,
  chapterId = null,
}: {
  file: Blob;
  choice: ImportChoice;
  title: string;
  skipProblems: boolean;
  /** one of her subjects, or null: a personal set */
  subjectId?: string | null;
  /** a chapter of that subject every card is linked to */
  chapterId?: string | null;
}) =>
  api.post(
    `card-imports?${importQuery(choice, { title, skipProblems: skipProblems ? 'yes' : 'no', ...(subjectId ? { subjectId } : {}), ...(subjectId && chapterId ? { chapterId } : {}) })}`,
    file,
    CardImportResultSchema,
    { skipErrorPopup: true },
  );

export const useConfirmImport = () => useMutation({ mutationFn: confirmImport });
