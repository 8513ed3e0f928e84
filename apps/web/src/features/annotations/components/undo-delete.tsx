import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ListedAnnotation } from '@blok/contract/annotations';
import { useTranslation } from '../../../lib/i18n.ts';
import { Toast } from '../../../components/ui/toast/toast.tsx';
import { annotationsQueryKey, useAnnotations, useDeleteAnnotation, useRestoreAnnotation } from '../api/annotations.ts';

/** How long the undo is offered. */
export const UNDO_MS = 10_000;

/**
 * Deleting a highlight or note with an undo: the toast "Markering verwijderd" offers "Ongedaan
 * maken", which puts it back as it was (same id, colour, note and place). `remove` deletes;
 * `toast` is rendered by the screen. A refused write shows what the server holds (`onFailed`).
 */
export function useDeleteWithUndo(summaryId: string, { onFailed, onRestored }: { onFailed?: () => void; onRestored?: () => void } = {}) {
  const { t } = useTranslation('annotations');
  const queryClient = useQueryClient();
  const list = useAnnotations(summaryId);
  const remove = useDeleteAnnotation(summaryId);
  const restore = useRestoreAnnotation(summaryId);
  const [deleted, setDeleted] = useState<{ annotation: ListedAnnotation; index: number } | null>(null);
  const failed = () => {
    onFailed?.();
    void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(summaryId) });
  };

  const removeOne = (annotation: ListedAnnotation) => {
    const index = Math.max(0, list.data?.annotations.findIndex((a) => a.id === annotation.id) ?? 0);
    setDeleted({ annotation, index });
    remove.mutate(annotation.id, { onError: failed });
  };

  const toast = (
    <Toast
      open={deleted !== null}
      onOpenChange={(open) => {
        if (!open) setDeleted(null);
      }}
      title={t('deleted')}
      variant="success"
      duration={UNDO_MS}
      action={{
        label: t('undo'),
        altText: t('undoAlt'),
        onClick: () => {
          if (!deleted) return;
          restore.mutate(deleted, { onError: failed });
          setDeleted(null);
          onRestored?.();
        },
      }}
    />
  );

  return { remove: removeOne, toast };
}
