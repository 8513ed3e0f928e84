import { useMutation } from '@tanstack/react-query';
import { exportFileName } from '@blok/domain/file-name';
import { api } from '../../../lib/api-client.ts';

export type ExportFormat = 'csv' | 'apkg';

/** GET card-exports/{id}?format=: one of her sets as a CSV or an Anki package, saved under the set's name. */
export async function exportSet({ setId, title, format }: { setId: string; title: string; format: ExportFormat }): Promise<void> {
  const blob = await api.download(`card-exports/${encodeURIComponent(setId)}?format=${format}`, { skipErrorPopup: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  // the name the API gives it too: the title as she wrote it ("–" and accents kept)
  link.download = exportFileName(title, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useExportSet = () => useMutation({ mutationFn: exportSet });
