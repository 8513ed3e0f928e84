import { createContext, useContext, type ReactNode } from 'react';
import type { ReportKind } from '@blok/contract/reports';

/** What a "Meld een fout" control is about: a question, a chapter or a flashcard (decision 029). */
export interface ReportTarget {
  kind: ReportKind;
  itemId: string;
}

/**
 * The control the app puts where a screen says a mistake can be reported. The screens (questions,
 * reader, flashcards) are features, and so is the report form (features/reports): a feature never
 * imports another, so the route provides the form here (app/report-control.tsx) and a screen only
 * marks the place. Without a provider (her own cards) the place stays empty.
 */
export const ReportControlContext = createContext<((target: ReportTarget) => ReactNode) | null>(null);

/** The place of "Meld een fout" for one item; give it `key={itemId}` so a new item starts closed. */
export function ReportSlot(props: ReportTarget) {
  const render = useContext(ReportControlContext);
  return render ? render(props) : null;
}
