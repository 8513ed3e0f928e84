import { Fragment, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { ExpectedAnswer, Interaction, QuestionResponse, QuestionTypeName } from '@blok/contract/questions';
import { MAX_SHORT_ANSWER_LENGTH } from '@blok/contract/questions';
import { useTranslation } from '../../lib/i18n.ts';
import type { RuleDraft } from './draft.ts';
import styles from './rule-answer.module.css';

/*
 * The inputs of issue 40's question types, shared by the practice screen and the mock exam (a route
 * composes either; neither feature imports the other): a text field (TYPED), a number field with
 * the Dutch comma and its unit (NUMERIC), an ordering with drag and move-up/down buttons that say
 * where an item went (ORDERING), a select per item (MATCHING) and inline gaps (CLOZE). Strings are
 * the `questions` namespace's `types`; the mock exam's routes load it too.
 */

type Props = {
  type: QuestionTypeName;
  interaction: Interaction;
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  /** answered: shown as given, not editable */
  disabled?: boolean;
  /** the right answer, once revealed: marks what she gave */
  expected?: ExpectedAnswer | null;
  /** a problem to show on the field (a key of `questions:types`) */
  problem?: string | null;
  /** names the fields apart when several questions are on one page */
  idPrefix?: string;
};

export function RuleAnswerInput(props: Props) {
  switch (props.type) {
    case 'TYPED':
    case 'NUMERIC':
      return <TextAnswer {...props} />;
    case 'ORDERING':
      return <OrderingAnswer {...props} />;
    case 'MATCHING':
      return <MatchingAnswer {...props} />;
    case 'CLOZE':
      return <ClozeAnswer {...props} />;
    default:
      return null;
  }
}

function TextAnswer({ type, interaction, draft, onChange, disabled, problem }: Props) {
  const { t } = useTranslation('questions');
  const id = useId();
  const numeric = type === 'NUMERIC';
  const described = [numeric ? `${id}-hint` : '', interaction.unit ? `${id}-unit` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('types.yourAnswer')}
      </label>
      {numeric && (
        <p id={`${id}-hint`} className={styles.hint}>
          {t('types.numberHint')}
        </p>
      )}
      <div className={styles.inputRow}>
        <input
          id={id}
          className={styles.input}
          type="text"
          inputMode={numeric ? 'decimal' : 'text'}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={MAX_SHORT_ANSWER_LENGTH}
          value={draft.text}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => onChange({ ...draft, text: e.target.value })}
        />
        {interaction.unit && (
          <span id={`${id}-unit`} className={styles.unit}>
            <span className="visually-hidden">{t('types.unit')} </span>
            {interaction.unit}
          </span>
        )}
      </div>
      {problem && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {t(`types.problems.${problem}` as 'types.problems.required')}
        </p>
      )}
    </div>
  );
}

function OrderingAnswer({ interaction, draft, onChange, disabled, expected }: Props) {
  const { t } = useTranslation('questions');
  const textOf = new Map(interaction.items.map((i) => [i.id, i.text]));
  const [announcement, setAnnouncement] = useState('');
  // the button to focus once the moved item is rendered at its new place
  const focusAfter = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const dragged = useRef<string | null>(null);
  const listId = useId();

  const move = (from: number, to: number, via: 'up' | 'down' | 'drag') => {
    if (to < 0 || to >= draft.order.length || from === to) return;
    const order = [...draft.order];
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id!);
    onChange({ ...draft, order });
    setAnnouncement(t('types.moved', { item: textOf.get(id!) ?? '', position: to + 1, total: order.length }));
    if (via !== 'drag') {
      // Keep her on the same button of the item she moved; at the top or bottom on the other one.
      const edge = (via === 'up' && to === 0) || (via === 'down' && to === order.length - 1);
      focusAfter.current = `${id!}:${edge ? (via === 'up' ? 'down' : 'up') : via}`;
    }
  };

  useEffect(() => {
    if (focusAfter.current === null) return;
    buttons.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = draft.order.indexOf(dragged.current ?? '');
    dragged.current = null;
    if (from >= 0) move(from, to, 'drag');
  };

  return (
    <div className={styles.field}>
      <p id={`${listId}-hint`} className={styles.hint}>
        {t(disabled ? 'types.yourOrder' : 'types.orderHint')}
      </p>
      <ol className={styles.orderList} aria-describedby={`${listId}-hint`}>
        {draft.order.map((id, index) => {
          const text = textOf.get(id) ?? '';
          const right = expected ? expected.order[index] === id : undefined;
          return (
            <li
              key={id}
              className={styles.orderItem}
              data-right={right === undefined ? undefined : right}
              draggable={!disabled}
              onDragStart={(e) => {
                dragged.current = id;
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', text);
              }}
              onDragOver={(e) => {
                if (!disabled) e.preventDefault();
              }}
              onDrop={(e) => onDrop(e, index)}
            >
              <span className={styles.position} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.itemText}>
                {text}
                {right !== undefined && <span className={styles.markText}>{right ? t('types.inPlace') : t('types.notInPlace')}</span>}
              </span>
              {!disabled && (
                <span className={styles.moveButtons}>
                  <button
                    ref={(el) => {
                      buttons.current.set(`${id}:up`, el);
                    }}
                    type="button"
                    className={styles.moveButton}
                    aria-label={t('types.moveUp', { item: text })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'up')}
                  >
                    <Arrow up />
                  </button>
                  <button
                    ref={(el) => {
                      buttons.current.set(`${id}:down`, el);
                    }}
                    type="button"
                    className={styles.moveButton}
                    aria-label={t('types.moveDown', { item: text })}
                    disabled={index === draft.order.length - 1}
                    onClick={() => move(index, index + 1, 'down')}
                  >
                    <Arrow />
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}

function Arrow({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={up ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M5 12l7 7 7-7'} />
    </svg>
  );
}

function MatchingAnswer({ interaction, draft, onChange, disabled, expected, idPrefix = '' }: Props) {
  const { t } = useTranslation('questions');
  const base = useId();
  const rightOf = new Map(expected?.pairs.map((p) => [p.left, p.right]) ?? []);
  const textOf = new Map(interaction.targets.map((i) => [i.id, i.text]));
  return (
    <div className={styles.field}>
      <p className={styles.hint}>{t('types.matchHint')}</p>
      <ul className={styles.pairs}>
        {interaction.items.map((left, index) => {
          const id = `${idPrefix}${base}-${index}`;
          const value = draft.pairs[left.id] ?? '';
          const right = expected ? rightOf.get(left.id) === value : undefined;
          return (
            <li key={left.id} className={styles.pair} data-right={right === undefined ? undefined : right}>
              <label htmlFor={id} className={styles.pairLabel}>
                {left.text}
              </label>
              <select
                id={id}
                className={styles.select}
                value={value}
                disabled={disabled}
                onChange={(e) => {
                  const pairs = { ...draft.pairs };
                  if (e.target.value) pairs[left.id] = e.target.value;
                  else delete pairs[left.id];
                  onChange({ ...draft, pairs });
                }}
              >
                <option value="">{t('types.choose')}</option>
                {interaction.targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.text}
                  </option>
                ))}
              </select>
              {right === false && <span className={styles.markText}>{t('types.rightPair', { item: textOf.get(rightOf.get(left.id) ?? '') ?? '' })}</span>}
              {right === true && <span className={styles.markText}>{t('types.pairRight')}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ClozeAnswer({ interaction, draft, onChange, disabled, expected, problem }: Props) {
  const { t } = useTranslation('questions');
  const parts = interaction.clozeParts;
  return (
    <div className={styles.field}>
      <p className={styles.cloze}>
        {parts.map((part, index) => (
          <Fragment key={index}>
            {part}
            {index < parts.length - 1 && (
              <span className={styles.gap} data-right={expected ? expected.gapsRight[index] : undefined}>
                <input
                  className={styles.gapInput}
                  type="text"
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={MAX_SHORT_ANSWER_LENGTH}
                  aria-label={t('types.gap', { number: index + 1 })}
                  size={Math.max(6, (draft.gaps[index] ?? '').length + 1)}
                  value={draft.gaps[index] ?? ''}
                  disabled={disabled}
                  onChange={(e) => onChange({ ...draft, gaps: draft.gaps.map((g, i) => (i === index ? e.target.value : g)) })}
                />
                {expected && !expected.gapsRight[index] && <span className={styles.gapExpected}>{t('types.gapExpected', { answer: expected.gaps[index] ?? '' })}</span>}
              </span>
            )}
          </Fragment>
        ))}
      </p>
      {problem && (
        <p className={styles.error} role="alert">
          {t(`types.problems.${problem}` as 'types.problems.required')}
        </p>
      )}
    </div>
  );
}

/** The right answer in words, for the feedback and the results: what was expected, and how hers compares. */
export function ExpectedAnswerView({ type, interaction, expected, response }: { type: QuestionTypeName; interaction: Interaction; expected: ExpectedAnswer; response: QuestionResponse | null }) {
  const { t } = useTranslation('questions');
  const items = new Map([...interaction.items, ...interaction.targets].map((i) => [i.id, i.text]));
  if (type === 'TYPED' || type === 'NUMERIC') {
    return (
      <div className={styles.expected}>
        {response?.text && <p>{t('types.yourAnswerWas', { answer: response.text })}</p>}
        <p className={styles.expectedLine}>{t('types.expected', { answer: expected.text ?? '' })}</p>
        {expected.typo && <p>{t('types.typo', { answer: expected.text ?? '' })}</p>}
      </div>
    );
  }
  if (type === 'CLOZE') {
    return (
      <div className={styles.expected}>
        <p className={styles.expectedLine}>{t('types.expectedSentence', { sentence: expected.text ?? '' })}</p>
      </div>
    );
  }
  if (type === 'ORDERING') {
    return (
      <div className={styles.expected}>
        <p className={styles.expectedLine}>{t('types.expectedOrder')}</p>
        <ol className={styles.expectedList}>
          {expected.order.map((id) => (
            <li key={id}>{items.get(id)}</li>
          ))}
        </ol>
      </div>
    );
  }
  if (type === 'MATCHING') {
    return (
      <div className={styles.expected}>
        <p className={styles.expectedLine}>{t('types.expectedPairs')}</p>
        <ul className={styles.expectedList}>
          {expected.pairs.map((p) => (
            <li key={p.left}>{t('types.pairLine', { left: items.get(p.left) ?? '', right: items.get(p.right) ?? '' })}</li>
          ))}
        </ul>
      </div>
    );
  }
  return null;
}
