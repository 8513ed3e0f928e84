import { useMutation } from '@tanstack/react-query';
import { CardImportPreviewSchema } from '@blok/contract/card-import';
import { api } from '../../../lib/api-client.ts';
import { importQuery, type ImportChoice } from '../utils/import-query.ts';

/** POST card-imports/preview with the file as the body: how many cards, the first ones, every problem. Stores nothing. */
export const previewImport = ({ file, choice }: { file: Blob; choice: ImportChoice }) =>
  api.post(`card-imports/preview?${importQuery(choice)}`, file, CardImportPreviewSchema, { skipErrorPopup: true });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
