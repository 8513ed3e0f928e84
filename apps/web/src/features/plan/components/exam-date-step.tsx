import type { ExamPlan } from '@blok/contract/plan';
import { useTranslation } from '../../../lib/i18n.ts';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { timeZone } from '../utils/time-zone.ts';
import { ExamPlanForm } from './exam-plan-section.tsx';
import styles from './plan.module.css';

type ExamDateStepProps = {
  /** the subject she just added to her library; null: the step is closed */
  subject: { id: string; title: string } | null;
  /** the step is over: her plan was saved (a message to announce) or she skipped it (null) */
  onClose: (message: string | null) => void;
  /** where focus goes when the step closes (the button that added the subject is gone by then) */
  returnFocus?: () => HTMLElement | null;
};

/** A subject's exam plan before she set one: no date, her minutes and every day. */
const blankPlan = (subjectId: string): ExamPlan => ({
  subjectId,
  isSet: false,
  examDate: null,
  minutesPerDay: null,
  studyDays: [1, 2, 3, 4, 5, 6, 7],
  timeZone: timeZone(),
  daysUntilExam: null,
});

/**
 * The optional exam date step of adding a subject (issue 27: "in the onboarding of a new subject"):
 * right after she added it, her exam date, minutes and days, saved with the exam-plan command, or
 * 'Overslaan'. Escape skips too.
 */
export function ExamDateStep({ subject, onClose, returnFocus }: ExamDateStepProps) {
  const { t } = useTranslation('plan');
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) onClose(t('onboarding.skipped'));
      }}
      onCloseAutoFocus={(event) => {
        const target = returnFocus?.();
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      title={t('onboarding.title', { title: subject?.title ?? '' })}
      description={t('onboarding.text')}
    >
      {subject && (
        <div className={styles.step}>
          <ExamPlanForm
            subjectId={subject.id}
            plan={blankPlan(subject.id)}
            submitLabel={t('onboarding.save')}
            cancelLabel={t('onboarding.skip')}
            onDone={(message) => onClose(message ?? t('onboarding.skipped'))}
          />
        </div>
      )}
    </Dialog>
  );
}
