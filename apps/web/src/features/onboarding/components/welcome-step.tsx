import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Select } from '../../../components/ui/select/select.tsx';
import { useCatalogue } from '../api/get-catalogue.ts';
import {
  chooseStudy,
  chooseUniversity,
  chooseYear,
  findStudy,
  findUniversity,
  findYear,
  isChoiceComplete,
  type StudyChoice,
} from '../utils/study-choice.ts';
import { CourseInfoCard } from './course-info-card.tsx';
import styles from './onboarding.module.css';

type WelcomeStepProps = {
  choice: StudyChoice;
  onChoiceChange: (choice: StudyChoice) => void;
  onStart: () => void;
};

/** Step 1 of registration: university, study and year, each depending on the one before. */
export function WelcomeStep({ choice, onChoiceChange, onStart }: WelcomeStepProps) {
  const { t } = useTranslation(['auth', 'common']);
  const catalogue = useCatalogue();

  const university = findUniversity(catalogue.data, choice.university);
  const study = findStudy(university, choice.study);
  const year = findYear(study, choice.year);

  const universityOptions = (catalogue.data?.universities ?? []).map((u) => ({ value: u.id, label: u.name }));
  const studyOptions = (university?.studies ?? []).map((s) => ({ value: s.id, label: s.name }));
  const yearOptions = (study?.years ?? []).map((y) => ({ value: y.id, label: y.name }));

  return (
    <div className={styles.step}>
      <div className={styles.heading}>
        <h1>{t('register.welcomeTitle')}</h1>
        <p className={styles.intro}>{t('register.welcomeIntro')}</p>
      </div>

      {catalogue.isError && (
        <Notice variant="error" role="alert">
          <p>{t('register.catalogueError')}</p>
          <Button variant="link" size="sm" onClick={() => void catalogue.refetch()}>
            {t('common:retry')}
          </Button>
        </Notice>
      )}

      <div className={styles.fields}>
        <Select
          label={t('register.university')}
          placeholder={catalogue.isPending ? t('register.catalogueLoading') : t('register.universityPlaceholder')}
          options={universityOptions}
          value={choice.university}
          onValueChange={(id) => onChoiceChange(chooseUniversity(choice, id))}
          disabled={universityOptions.length === 0}
        />
        <Select
          label={t('register.study')}
          placeholder={t('register.studyPlaceholder')}
          options={studyOptions}
          value={choice.study}
          onValueChange={(id) => onChoiceChange(chooseStudy(choice, id))}
          disabled={!university}
          disabledHint={t('register.studyDisabledHint')}
        />
        <Select
          label={t('register.year')}
          placeholder={t('register.yearPlaceholder')}
          options={yearOptions}
          value={choice.year}
          onValueChange={(id) => onChoiceChange(chooseYear(choice, id))}
          disabled={!study}
          disabledHint={t('register.yearDisabledHint')}
        />
      </div>

      <div aria-live="polite">{year && <CourseInfoCard course={year.courseInfo} />}</div>

      <Button fullWidth disabled={!year || !isChoiceComplete(choice)} onClick={onStart}>
        {t('register.start')}
      </Button>

      <p className={styles.footer}>
        {t('register.haveAccount')} <Link to={paths.auth.login.getHref()}>{t('register.loginLink')}</Link>
      </p>
    </div>
  );
}
