import { useId, useState } from 'react';
import type { ExpectedAnswer, Interaction, QuestionTypeName } from '@blok/contract/questions';
import { orderAnswers } from '@blok/domain/answer-order';
import { clozeParts, expectedText, gradeResponse, orderingShown, type QuestionSpec } from '@blok/domain/question-types';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../ui/button/button.tsx';
import { Markdown } from '../markdown/markdown.tsx';
import { ExpectedAnswerView, RuleAnswerInput } from '../question-answer/rule-answer.tsx';
import { draftGiven, draftOf, draftProblem, draftResponse, type RuleDraft } from '../question-answer/draft.ts';
import styles from './key-editor.module.css';

/*
 * The question as a student answers it (the practice screen's own inputs, components/question-
 * answer), for the author to try: her answer is graded as she gives it by @blok/domain's
 * gradeResponse with the spec the importer would store (the API grades with both), and the right
 * answer is shown as the feedback shows it. Items are shuffled as a session shuffles them; in the
 * studio they go by their content ids, which only the author sees.
 */

/** What a session shows to answer it, as the API's interactionOf does, under content ids. */
function previewInteraction(spec: QuestionSpec, questionId: string, seed: number): Interaction {
  return {
    items: spec.type === 'ORDERING' ? orderingShown(spec.items, (items) => orderAnswers(items, seed, questionId, () => false)) : spec.type === 'MATCHING' ? spec.left : [],
    targets: spec.type === 'MATCHING' ? orderAnswers(spec.right, seed, `${questionId}/rechts`, () => false) : [],
    clozeParts: spec.type === 'CLOZE' ? clozeParts(spec.text) : [],
    unit: spec.type === 'NUMERIC' ? (spec.unit ?? null) : null,
  };
}

/** Her draft as the grader takes it: content ids are the ids shown here. */
const responseOf = (draft: RuleDraft) => ({ text: draft.text, order: draft.order, pairs: draft.pairs, gaps: draft.gaps });

type Props = { questionId: string; text: string; instruction: string; spec: QuestionSpec | null };

export function QuestionTryOut({ questionId, text, instruction, spec }: Props) {
  const { t } = useTranslation('studio');
  const headingId = useId();
  const [seed, setSeed] = useState(1);
  const interaction = spec ? previewInteraction(spec, questionId, seed) : null;
  // a new answer when what is answered changes shape (other items, another number of gaps), not on every letter
  const shape = interaction ? `${spec!.type}|${seed}|${interaction.items.map((i) => i.id).join()}|${interaction.targets.map((i) => i.id).join()}|${interaction.clozeParts.length}` : '';
  return (
    <section className={styles.tryOut} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.tryOutTitle}>
        {t('tryOut.title')}
      </h4>
      {!spec || !interaction ? (
        <p className={styles.small}>{t('tryOut.incomplete')}</p>
      ) : (
        <TryOutAnswer key={shape} spec={spec} interaction={interaction} text={text} instruction={instruction} onReset={() => setSeed((s) => s + 1)} />
      )}
    </section>
  );
}

function TryOutAnswer({ spec, interaction, text, instruction, onReset }: { spec: QuestionSpec; interaction: Interaction; text: string; instruction: string; onReset: () => void }) {
  const { t } = useTranslation('studio');
  const type = spec.type as QuestionTypeName;
  const [draft, setDraft] = useState(() => draftOf(interaction, null));
  const [touched, setTouched] = useState(false);
  const given = touched && draftGiven(type, draft);
  const complete = given && draftProblem(type, interaction, draft) === null;
  const verdict = given ? gradeResponse(spec, responseOf(draft)) : null;
  const expected: ExpectedAnswer | null =
    complete && verdict && !verdict.unreadable
      ? {
          text: expectedText(spec),
          order: spec.type === 'ORDERING' ? spec.items.map((i) => i.id) : [],
          pairs: spec.type === 'MATCHING' ? Object.entries(spec.pairs).map(([left, right]) => ({ left, right })) : [],
          gaps: spec.type === 'CLOZE' ? spec.gaps.map((g) => g.accepted[0] ?? '') : [],
          gapsRight: spec.type === 'CLOZE' ? verdict.gapsRight : [],
          typo: verdict.typo,
        }
      : null;
  const verdictText = !verdict
    ? t('tryOut.waiting')
    : verdict.unreadable
      ? t('tryOut.unreadable')
      : !complete
        ? t('tryOut.incompleteAnswer')
        : verdict.status === 1
          ? verdict.typo
            ? t('tryOut.rightTypo')
            : t('tryOut.right')
          : verdict.status === 2
            ? t('tryOut.partly')
            : t('tryOut.wrong');
  return (
    <div className={styles.stack}>
      {/* as the practice screen shows it: Markdown; a cloze's sentence is the gaps below, its instruction above */}
      <div className={styles.tryOutText}>
        <Markdown text={spec.type === 'CLOZE' ? instruction.trim() || t('tryOut.clozeInstruction') : text || t('tryOut.noText')} />
      </div>
      <RuleAnswerInput
        type={type}
        interaction={interaction}
        draft={draft}
        idPrefix="studio-"
        onChange={(next) => {
          setDraft(next);
          setTouched(true);
        }}
        expected={expected}
      />
      <p className={styles.verdict} data-status={complete && verdict && !verdict.unreadable ? verdict.status : undefined} role="status">
        {verdictText}
      </p>
      {expected && <ExpectedAnswerView type={type} interaction={interaction} expected={expected} response={draftResponse(type, draft)} />}
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" onClick={onReset}>
          {t('tryOut.reset')}
        </Button>
      </div>
    </div>
  );
}
