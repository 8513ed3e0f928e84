import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { useCatalogue } from '../api/get-catalogue.ts';
import { resolveChoiceNames, type StudyChoice } from '../utils/study-choice.ts';
import styles from './onboarding.module.css';

/** "Je studie: Psychologie, Bachelor 1 – Universiteit van Amsterdam" with a way back to change it. */
export function ChosenStudySummary({ choice, onChange }: { choice: StudyChoice; onChange: () => void }) {
  const { t } = useTranslation('auth');
  const { data } = useCatalogue();
  const names = resolveChoiceNames(data, choice);
  return (
    <div className={styles.summary}>
      <p>
        <span className={styles.summaryLabel}>{t('register.chosenStudy')}: </span>
        {names.study}, {names.year} – {names.university}
      </p>
      <Button variant="link" size="sm" onClick={onChange}>
        {t('register.changeStudy')}
      </Button>
    </div>
  );
}
