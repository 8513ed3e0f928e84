/** The tutorial's steps in order; the id is the route's /tutorial/{id}. */
export const TUTORIAL_STEPS = ['bibliotheek', 'samenvattingen', 'oefenvragen', 'flashcards', 'shop', 'herinneringen', 'installeren'] as const;
export type TutorialStepId = (typeof TUTORIAL_STEPS)[number];

export const isTutorialStep = (id: string | undefined): id is TutorialStepId => TUTORIAL_STEPS.includes(id as TutorialStepId);

/** Where a step sits: its index and its neighbours (undefined at the ends). */
export function stepPosition(id: TutorialStepId): { index: number; previous?: TutorialStepId | undefined; next?: TutorialStepId | undefined } {
  const index = TUTORIAL_STEPS.indexOf(id);
  return { index, previous: TUTORIAL_STEPS[index - 1], next: TUTORIAL_STEPS[index + 1] };
}
