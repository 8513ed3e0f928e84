import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { clozeGaps } from '@blok/domain/question-types';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../ui/button/button.tsx';
import { formIssues, formSpec, formToKey, keyToForm, moveItem, nextItemId, readAuthorNumber, type FormIssue, type KeyForm, type RuleKind } from './key-form.ts';
import { QuestionTryOut } from './question-try-out.tsx';
import styles from './key-editor.module.css';

/*
 * The key of a question of issue 40's types as a form per type (accepted answers, a value with its
 * tolerance, items in order, pairs, a cloze's gaps), beside the question as the student answers it,
 * to try. The form writes the studio document's `key` (the content format's fields as YAML, see
 * key-form.ts); the importer's checks come back from the server as she types and are shown at
 * the fields they name. Shared by the studio and her own questions in a course of her own
 * (features/course-questions), whose keys are the same fields; strings in the `studio` namespace.
 */

/** A problem of the key, at a field relative to the question (`value`, `items.1`): the studio's StudioProblem has these. */
export type KeyProblem = { field: string; message: string };
/** What the editor reads of the question: its id (items are named after it), kind, text and key. */
export type KeyQuestion = { id: string; kind: string; text: string; key?: string | undefined };
type StudioProblem = KeyProblem;

/** The most of each the content format takes (packages/content schema). */
const MAX = { items: 10, pairs: 8, decoys: 4, accepted: 20 };

type Props = {
  question: KeyQuestion;
  onKeyChange: (key: string) => void;
  /** the importer's problems of this question, fields relative to it (`value`, `items.1`) */
  problems: StudioProblem[];
};

type State = { kind: RuleKind; written: string; form: KeyForm; unreadable: string | null };
const read = (kind: RuleKind, key: string | undefined): State => ({ kind, written: key ?? '', ...keyToForm(kind, key) });

export function KeyEditor({ question, onKeyChange, problems }: Props) {
  const { t } = useTranslation('studio');
  const kind = question.kind as RuleKind;
  const [state, setState] = useState(() => read(kind, question.key));
  // A key changed elsewhere (another kind chosen, a draft rolled back): read it again.
  if (state.kind !== kind || state.written !== (question.key ?? '')) setState(read(kind, question.key));
  const form = state.kind === kind ? state.form : keyToForm(kind, question.key).form;

  const update = (next: KeyForm) => {
    const key = formToKey(next);
    setState({ kind, written: key, form: next, unreadable: null });
    onKeyChange(key);
  };
  const spec = formSpec(question.id, question.text, form);
  const issues = formIssues(form);

  return (
    <div className={styles.keyEditor}>
      {state.unreadable !== null && (
        <div className={styles.warning}>
          <p>{t('keyForm.unreadable')}</p>
          <pre className={styles.oldKey}>{state.unreadable}</pre>
        </div>
      )}
      <fieldset className={styles.keyFieldset}>
        <legend>{t('keyForm.legend')}</legend>
        {form.kind === 'typed' && <TypedFields form={form} onChange={update} problems={problems} />}
        {form.kind === 'numeric' && <NumericFields form={form} onChange={update} problems={problems} issues={issues} />}
        {form.kind === 'ordering' && <OrderingFields form={form} onChange={update} problems={problems} />}
        {form.kind === 'matching' && <MatchingFields form={form} onChange={update} problems={problems} />}
        {form.kind === 'cloze' && <ClozeFields form={form} text={question.text} onChange={update} problems={problems} />}
      </fieldset>
      <QuestionTryOut questionId={question.id} text={question.text} instruction={form.kind === 'cloze' ? form.instruction : ''} spec={spec} />
    </div>
  );
}

// ------------------------------------------------------------------ the importer's problems at their fields

/** The problems of a field: its own and those inside it (`pairs` takes `pairs.1.left`). */
const problemsAt = (problems: StudioProblem[], field: string) => problems.filter((p) => p.field === field || p.field.startsWith(`${field}.`));

/** A control with its label, hint and problems, each tied to it (aria-describedby, aria-invalid). */
function KeyField({ label, hint, errors, children }: { label: string; hint?: string; errors: string[]; children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', errors.length ? `${id}-errors` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.small}>
          {hint}
        </p>
      )}
      {children({ id, ...(described ? { 'aria-describedby': described } : {}), ...(errors.length ? { 'aria-invalid': true as const } : {}) })}
      {errors.length > 0 && (
        <p id={`${id}-errors`} className={styles.error}>
          {errors.join(' · ')}
        </p>
      )}
    </div>
  );
}

const messages = (problems: StudioProblem[], field: string) => problemsAt(problems, field).map((p) => p.message);

/** A list's own problems (too few, too many): those at the list's field itself. */
function ListProblems({ problems, field }: { problems: StudioProblem[]; field: string }) {
  const own = problems.filter((p) => p.field === field);
  if (!own.length) return null;
  return <p className={styles.error}>{own.map((p) => p.message).join(' · ')}</p>;
}

type FieldsProps<K extends KeyForm['kind']> = { form: Extract<KeyForm, { kind: K }>; onChange: (form: KeyForm) => void; problems: StudioProblem[] };

// ------------------------------------------------------------------ typed answer

function TypedFields({ form, onChange, problems }: FieldsProps<'typed'>) {
  const { t } = useTranslation('studio');
  const focusLast = useFocusLast(form.accepted.length);
  const set = (accepted: string[]) => onChange({ ...form, accepted });
  return (
    <>
      <p className={styles.small}>{t('keyForm.typed.note')}</p>
      <ListProblems problems={problems} field="accepted" />
      <ol className={styles.keyList}>
        {form.accepted.map((answer, i) => (
          <li key={i} className={styles.keyItem}>
            <KeyField label={t('keyForm.typed.accepted', { number: i + 1 })} hint={i === 0 ? t('keyForm.typed.firstHint') : undefined} errors={messages(problems, `accepted.${i}`)}>
              {(props) => <input {...props} ref={i === form.accepted.length - 1 ? focusLast : undefined} className={styles.input} value={answer} onChange={(e) => set(form.accepted.map((a, j) => (j === i ? e.target.value : a)))} />}
            </KeyField>
            {form.accepted.length > 1 && (
              <Button variant="ghost" size="sm" aria-label={t('keyForm.typed.remove', { number: i + 1 })} onClick={() => set(form.accepted.filter((_, j) => j !== i))}>
                {t('keyForm.removeShort')}
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        {form.accepted.length < MAX.accepted && (
          <Button variant="secondary" size="sm" onClick={() => set([...form.accepted, ''])}>
            {t('keyForm.typed.add')}
          </Button>
        )}
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={form.typos} onChange={(e) => onChange({ ...form, typos: e.target.checked })} />
        {t('keyForm.typos')}
      </label>
    </>
  );
}

/** Focuses the last field of a list when it grew by one (an added answer, item or pair is where she types next). */
function useFocusLast(length: number) {
  const ref = useRef<HTMLInputElement | null>(null);
  const before = useRef(length);
  useEffect(() => {
    if (length === before.current + 1) ref.current?.focus();
    before.current = length;
  }, [length]);
  return ref;
}

// ------------------------------------------------------------------ numeric

function NumericFields({ form, onChange, problems, issues }: FieldsProps<'numeric'> & { issues: FormIssue[] }) {
  const { t } = useTranslation('studio');
  const issueOf = (field: FormIssue['field']) => issues.filter((i) => i.field === field).map((i) => t(`keyForm.numeric.${i.issue}`, { input: form[field] }));
  const value = readAuthorNumber(form.value);
  const tolerance = form.tolerance.trim() === '' ? 0 : readAuthorNumber(form.tolerance);
  const range =
    typeof value === 'number' && typeof tolerance === 'number'
      ? (() => {
          const width = form.relative ? (Math.abs(value) * tolerance) / 100 : tolerance;
          const show = (n: number) => new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 10, useGrouping: false }).format(Number(n.toPrecision(12)));
          const unit = form.unit.trim() ? ` ${form.unit.trim()}` : '';
          return width === 0 ? t('keyForm.numeric.exact', { value: `${show(value)}${unit}` }) : t('keyForm.numeric.range', { from: `${show(value - width)}${unit}`, to: `${show(value + width)}${unit}` });
        })()
      : null;
  const toleranceName = useId();
  return (
    <>
      <KeyField label={t('keyForm.numeric.value')} hint={t('keyForm.numeric.valueHint')} errors={[...issueOf('value'), ...messages(problems, 'value')]}>
        {(props) => <input {...props} className={styles.input} inputMode="decimal" autoComplete="off" value={form.value} onChange={(e) => onChange({ ...form, value: e.target.value })} />}
      </KeyField>
      <fieldset className={styles.radios}>
        <legend className={styles.label}>{t('keyForm.numeric.toleranceKind')}</legend>
        {([false, true] as const).map((relative) => (
          <label key={String(relative)} className={styles.check}>
            <input type="radio" name={toleranceName} checked={form.relative === relative} onChange={() => onChange({ ...form, relative })} />
            {t(relative ? 'keyForm.numeric.relative' : 'keyForm.numeric.absolute')}
          </label>
        ))}
      </fieldset>
      <KeyField
        label={t(form.relative ? 'keyForm.numeric.tolerancePercent' : 'keyForm.numeric.tolerance')}
        hint={t('keyForm.numeric.toleranceHint')}
        errors={[...issueOf('tolerance'), ...messages(problems, 'tolerance'), ...messages(problems, 'relative')]}
      >
        {(props) => <input {...props} className={styles.input} inputMode="decimal" autoComplete="off" value={form.tolerance} onChange={(e) => onChange({ ...form, tolerance: e.target.value })} />}
      </KeyField>
      {range && (
        <p className={styles.small} aria-live="polite">
          {range}
        </p>
      )}
      <div className={styles.row}>
        <KeyField label={t('keyForm.numeric.unit')} errors={messages(problems, 'unit')}>
          {(props) => <input {...props} className={styles.input} autoComplete="off" maxLength={12} value={form.unit} onChange={(e) => onChange({ ...form, unit: e.target.value })} />}
        </KeyField>
        <KeyField label={t('keyForm.numeric.unitAliases')} hint={t('keyForm.numeric.unitAliasesHint')} errors={messages(problems, 'unitAliases')}>
          {(props) => <input {...props} className={styles.input} autoComplete="off" value={form.unitAliases} onChange={(e) => onChange({ ...form, unitAliases: e.target.value })} />}
        </KeyField>
      </div>
    </>
  );
}

// ------------------------------------------------------------------ ordering

function OrderingFields({ form, onChange, problems }: FieldsProps<'ordering'>) {
  const { t } = useTranslation('studio');
  const focusLast = useFocusLast(form.items.length);
  const [announcement, setAnnouncement] = useState('');
  // the button to focus once the moved item is drawn at its new place
  const focusAfter = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  useEffect(() => {
    if (focusAfter.current === null) return;
    buttons.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  });
  const move = (from: number, to: number) => {
    const item = form.items[from]!;
    onChange({ ...form, items: moveItem(form.items, from, to) });
    setAnnouncement(t('keyForm.ordering.moved', { item: item.text || t('keyForm.ordering.empty'), position: to + 1, total: form.items.length }));
    // stay on the same button, or on the other one at the top or the bottom
    const up = to < from;
    const edge = up ? to === 0 : to === form.items.length - 1;
    focusAfter.current = `${item.id}:${edge ? (up ? 'down' : 'up') : up ? 'up' : 'down'}`;
  };
  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    buttons.current.set(key, el);
  };
  return (
    <>
      <p className={styles.small}>{t('keyForm.ordering.note')}</p>
      <ListProblems problems={problems} field="items" />
      <ol className={styles.keyList}>
        {form.items.map((item, i) => (
          <li key={item.id} className={styles.keyItem}>
            <KeyField label={t('keyForm.ordering.item', { number: i + 1 })} errors={messages(problems, `items.${i}`)}>
              {(props) => (
                <input
                  {...props}
                  ref={i === form.items.length - 1 ? focusLast : undefined}
                  className={styles.input}
                  value={item.text}
                  onChange={(e) => onChange({ ...form, items: form.items.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)) })}
                />
              )}
            </KeyField>
            <div className={styles.actions}>
              <Button ref={ref(`${item.id}:up`)} variant="ghost" size="sm" aria-label={t('keyForm.ordering.up', { number: i + 1 })} disabled={i === 0} onClick={() => move(i, i - 1)}>
                {t('keyForm.upShort')}
              </Button>
              <Button ref={ref(`${item.id}:down`)} variant="ghost" size="sm" aria-label={t('keyForm.ordering.down', { number: i + 1 })} disabled={i === form.items.length - 1} onClick={() => move(i, i + 1)}>
                {t('keyForm.downShort')}
              </Button>
              {form.items.length > 2 && (
                <Button variant="ghost" size="sm" aria-label={t('keyForm.ordering.remove', { number: i + 1 })} onClick={() => onChange({ ...form, items: form.items.filter((_, j) => j !== i) })}>
                  {t('keyForm.removeShort')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {form.items.length < MAX.items && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => onChange({ ...form, items: [...form.items, { id: nextItemId(form.items), text: '' }] })}>
            {t('keyForm.ordering.add')}
          </Button>
        </div>
      )}
    </>
  );
}

// ------------------------------------------------------------------ matching

function MatchingFields({ form, onChange, problems }: FieldsProps<'matching'>) {
  const { t } = useTranslation('studio');
  const focusPair = useFocusLast(form.pairs.length);
  const focusDecoy = useFocusLast(form.decoys.length);
  const setPair = (i: number, side: 'left' | 'right', value: string) => onChange({ ...form, pairs: form.pairs.map((p, j) => (j === i ? { ...p, [side]: value } : p)) });
  return (
    <>
      <p className={styles.small}>{t('keyForm.matching.note')}</p>
      <ListProblems problems={problems} field="pairs" />
      <ol className={styles.keyList}>
        {form.pairs.map((pair, i) => (
          <li key={i} className={styles.keyItem}>
            <div className={styles.row}>
              <KeyField label={t('keyForm.matching.left', { number: i + 1 })} errors={messages(problems, `pairs.${i}.left`)}>
                {(props) => <input {...props} ref={i === form.pairs.length - 1 ? focusPair : undefined} className={styles.input} value={pair.left} onChange={(e) => setPair(i, 'left', e.target.value)} />}
              </KeyField>
              <KeyField label={t('keyForm.matching.right', { number: i + 1 })} errors={messages(problems, `pairs.${i}.right`)}>
                {(props) => <input {...props} className={styles.input} value={pair.right} onChange={(e) => setPair(i, 'right', e.target.value)} />}
              </KeyField>
            </div>
            <ListProblems problems={problems} field={`pairs.${i}`} />
            {form.pairs.length > 2 && (
              <Button variant="ghost" size="sm" aria-label={t('keyForm.matching.remove', { number: i + 1 })} onClick={() => onChange({ ...form, pairs: form.pairs.filter((_, j) => j !== i) })}>
                {t('keyForm.removeShort')}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {form.pairs.length < MAX.pairs && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => onChange({ ...form, pairs: [...form.pairs, { left: '', right: '' }] })}>
            {t('keyForm.matching.add')}
          </Button>
        </div>
      )}
      <p className={styles.small}>{t('keyForm.matching.decoyNote')}</p>
      <ListProblems problems={problems} field="decoys" />
      {form.decoys.length > 0 && (
        <ol className={styles.keyList}>
          {form.decoys.map((decoy, i) => (
            <li key={i} className={styles.keyItem}>
              <KeyField label={t('keyForm.matching.decoy', { number: i + 1 })} errors={messages(problems, `decoys.${i}`)}>
                {(props) => (
                  <input
                    {...props}
                    ref={i === form.decoys.length - 1 ? focusDecoy : undefined}
                    className={styles.input}
                    value={decoy}
                    onChange={(e) => onChange({ ...form, decoys: form.decoys.map((d, j) => (j === i ? e.target.value : d)) })}
                  />
                )}
              </KeyField>
              <Button variant="ghost" size="sm" aria-label={t('keyForm.matching.removeDecoy', { number: i + 1 })} onClick={() => onChange({ ...form, decoys: form.decoys.filter((_, j) => j !== i) })}>
                {t('keyForm.removeShort')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      {form.decoys.length < MAX.decoys && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => onChange({ ...form, decoys: [...form.decoys, ''] })}>
            {t('keyForm.matching.addDecoy')}
          </Button>
        </div>
      )}
    </>
  );
}

// ------------------------------------------------------------------ cloze

function ClozeFields({ form, text, onChange, problems }: FieldsProps<'cloze'> & { text: string }) {
  const { t } = useTranslation('studio');
  const gaps = clozeGaps(text);
  return (
    <>
      <p className={styles.small}>{t('keyForm.cloze.note')}</p>
      <div aria-live="polite">
        {gaps.length === 0 ? (
          <p className={styles.warning}>{t('keyForm.cloze.noGaps')}</p>
        ) : (
          <>
            <p className={styles.label}>{t('keyForm.cloze.found', { count: gaps.length })}</p>
            <ol className={styles.gapList}>
              {gaps.map((gap, i) => (
                <li key={i}>
                  {gap.accepted.length === 0
                    ? t('keyForm.cloze.emptyGap')
                    : gap.accepted.length === 1
                      ? t('keyForm.cloze.gap', { answer: gap.accepted[0] })
                      : t('keyForm.cloze.gapVariants', { answer: gap.accepted[0], variants: gap.accepted.slice(1).join(', ') })}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <ListProblems problems={problems} field="text" />
      <KeyField label={t('keyForm.cloze.instruction')} hint={t('keyForm.cloze.instructionHint')} errors={messages(problems, 'instruction')}>
        {(props) => <input {...props} className={styles.input} value={form.instruction} onChange={(e) => onChange({ ...form, instruction: e.target.value })} />}
      </KeyField>
      <label className={styles.check}>
        <input type="checkbox" checked={form.typos} onChange={(e) => onChange({ ...form, typos: e.target.checked })} />
        {t('keyForm.typos')}
      </label>
    </>
  );
}
