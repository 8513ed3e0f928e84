import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PLAN_MAX_MINUTES, PLAN_MIN_MINUTES, type ExamPlan } from '@blok/contract/plan';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { useExamPlan } from '../api/get-exam-plan.ts';
import { useSaveExamPlan } from '../api/save-exam-plan.ts';
import { useRemoveExamPlan } from '../api/remove-exam-plan.ts';
import { formatExamDate, localToday } from '../utils/format.ts';
import { timeZone } from '../utils/time-zone.ts';
import styles from './plan.module.css';
import { WeekdayCheckboxes, type Weekday } from '../../../components/ui/weekday-checkboxes/weekday-checkboxes.tsx';

type ExamPlanFormProps = {
  subjectId: string;
  plan: ExamPlan;
  onDone: (message: string | null) => void;
  /** the buttons' words where the form is a step of its own (adding a subject): 'Overslaan' */
  submitLabel?: string;
  cancelLabel?: string;
};

/** Her exam date, minutes per day and study days; saved in one step (the exam-plan command). */
export function ExamPlanForm({ subjectId, plan, onDone, submitLabel, cancelLabel }: ExamPlanFormProps) {
  const { t } = useTranslation('plan');
  const save = useSaveExamPlan();
  // A date that has passed is no exam to plan for: she picks a new one (or none).
  const [date, setDate] = useState(plan.examDate && (plan.daysUntilExam ?? 0) >= 0 ? plan.examDate : '');
  const [minutes, setMinutes] = useState(plan.minutesPerDay === null ? '' : String(plan.minutesPerDay));
  const [days, setDays] = useState<number[]>(plan.studyDays);
  const [errors, setErrors] = useState<{ date?: string; minutes?: string; days?: string }>({});
  const daysErrorId = useId();
  const today = localToday();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const minutesValue = minutes.trim() === '' ? null : Number(minutes);
    if (minutesValue !== null && (!Number.isInteger(minutesValue) || minutesValue < PLAN_MIN_MINUTES || minutesValue > PLAN_MAX_MINUTES)) next.minutes = t('exam.minutesInvalid');
    if (days.length === 0) next.days = t('exam.daysInvalid');
    if (date !== '' && date < today) next.date = t('exam.dateInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { subjectId, body: { examDate: date === '' ? null : date, minutesPerDay: minutesValue, studyDays: [...days].sort((a, b) => a - b), timeZone: timeZone() } },
      { onSuccess: () => onDone(t('exam.saved')) },
    );
  };


  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('exam.formTitle')}>
      <TextField label={t('exam.date')} type="date" name="examDate" min={today} value={date} onChange={(e) => setDate(e.target.value)} hint={t('exam.dateHint')} error={errors.date} />
      <TextField
        label={t('exam.minutesLabel')}
        type="number"
        inputMode="numeric"
        name="minutesPerDay"
        min={PLAN_MIN_MINUTES}
        max={PLAN_MAX_MINUTES}
        placeholder="30"
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        hint={t('exam.minutesHint')}
        error={errors.minutes}
      />
      <fieldset className={styles.days} aria-describedby={errors.days ? daysErrorId : undefined}>
        <legend className={styles.legend}>{t('exam.studyDays')}</legend>
        <WeekdayCheckboxes days={days} onChange={setDays} label={(day) => t(`weekdays.${day}`)} />
        {errors.days && (
          <p id={daysErrorId} className={styles.fieldError} role="alert">
            {errors.days}
          </p>
        )}
      </fieldset>
      {save.isError && (
        <Notice variant="error" role="alert">
          {t('exam.error')}
        </Notice>
      )}
      <div className={styles.formActions}>
        <Button type="submit" isBusy={save.isPending} busyLabel={t('exam.saving')}>
          {submitLabel ?? t('exam.save')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)}>
          {cancelLabel ?? t('exam.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The subject page's 'Tentamen' section: her exam date, minutes and days; set, change or remove. */
export function ExamPlanSection({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation('plan');
  const plan = useExamPlan(subjectId);
  const remove = useRemoveExamPlan();
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState('');
  const actions = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  // Closing the form puts focus back on the button that opened it (rendered again by then).
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    actions.current?.querySelector('button')?.focus();
  }, [editing]);

  const done = (text: string | null) => {
    returnFocus.current = true;
    setEditing(false);
    if (text) setMessage(text);
  };

  if (!plan.data) return null;
  const p = plan.data;
  // Her exam date has passed: say when it was, never "nog -9 dagen", and offer a new date.
  const past = p.examDate !== null && p.daysUntilExam !== null && p.daysUntilExam < 0;
  const days = p.studyDays.length === 7 ? null : p.studyDays.map((d) => t(`weekdaysShort.${d as Weekday}`)).join(', ');
  return (
    <section aria-labelledby="plan-exam-title" className={styles.card}>
      <h2 id="plan-exam-title" className={styles.cardTitle}>
        {t('exam.title')}
      </h2>
      {editing ? (
        <ExamPlanForm subjectId={subjectId} plan={p} onDone={done} />
      ) : (
        <>
          {p.isSet ? (
            <div className={styles.facts}>
              <p className={styles.examLine}>
                {p.examDate && past ? (
                  t('exam.was', { date: formatExamDate(p.examDate) })
                ) : p.examDate ? (
                  <>
                    {t('exam.on', { date: formatExamDate(p.examDate) })}
                    {p.daysUntilExam !== null && <span className={styles.daysLeft}> · {t('exam.daysLeft', { count: p.daysUntilExam })}</span>}
                  </>
                ) : (
                  t('exam.noDate')
                )}
              </p>
              {past && <p className={styles.muted}>{t('exam.pastHint')}</p>}
              <p className={styles.muted}>
                {t('exam.minutes', { count: p.minutesPerDay ?? 30 })}
                {days && <> · {t('exam.days', { days })}</>}
              </p>
            </div>
          ) : (
            <p className={styles.muted}>{t('exam.intro')}</p>
          )}
          <div className={styles.formActions} ref={actions}>
            <Button size="sm" variant={p.isSet ? 'secondary' : 'primary'} onClick={() => { setMessage(''); setEditing(true); }}>
              {past ? t('exam.newDate') : p.isSet ? t('exam.change') : t('exam.set')}
            </Button>
            {p.isSet && (
              <Button size="sm" variant="ghost" isBusy={remove.isPending} busyLabel={t('exam.removing')} onClick={() => remove.mutate(subjectId, { onSuccess: () => setMessage(t('exam.removed')) })}>
                {t('exam.remove')}
              </Button>
            )}
          </div>
          {remove.isError && (
            <Notice variant="error" role="alert">
              {t('exam.error')}
            </Notice>
          )}
        </>
      )}
      <p className={styles.status} role="status">
        {message}
      </p>
    </section>
  );
}
