import { useMutation } from '@tanstack/react-query';
import { CardImportResultSchema } from '@blok/contract/card-import';
import { api } from '../../../lib/api-client.ts';
import { importQuery, type ImportChoice } from '../utils/import-query.ts';

/** POST card-imports with the same file again: a new set of hers with all its cards, or nothing. */
export const confirmImport = ({ file, choice, title, skipProblems }: { file: Blob; choice: ImportChoice; title: string; skipProblems: boolean }) =>
  api.post(`card-imports?${importQuery(choice, { title, skipProblems: skipProblems ? 'yes' : 'no' })}`, file, CardImportResultSchema, { skipErrorPopup: true });

export const useConfirmImport = () => useMutation({ mutationFn: confirmImport });
