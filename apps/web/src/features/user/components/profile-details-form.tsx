import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { FORM_MODE } from '@blok/contract/validation/index';
import { rulesResolver, serverFieldErrors, toReactHookFormMode } from '../../../lib/form-rules.ts';
import { PROFILE_NAME_RULES, type Profile } from '@blok/contract/user';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './profile.module.css';

type NameValues = { firstName: string; middleName: string; lastName: string };
const NAME_FIELDS = ['firstName', 'middleName', 'lastName'] as const;
const STUDY_FIELDS = ['university', 'study', 'year'] as const;

export type StudyValue = { university: string; study: string; year: string };

type ProfileDetailsFormProps = {
  profile: Profile;
  /** The study dropdowns (the route composes them from the onboarding feature). */
  renderStudyChoice: (choice: StudyValue, onChange: (choice: StudyValue) => void) => ReactNode;
};

/** Name (first, middle, last) and university, study and year; saved with PUT user/profile. */
export function ProfileDetailsForm({ profile, renderStudyChoice }: ProfileDetailsFormProps) {
  const { t, i18n } = useTranslation('profile');
  const serverChoice: StudyValue = { university: profile.university, study: profile.study, year: profile.year };
  const [choice, setChoice] = useState<StudyValue>(serverChoice);
  // The screen may first show the saved copy (offline cache) and then the server's newer profile:
  // what she has not changed herself follows the server; her own changes stay.
  const [shownChoice, setShownChoice] = useState<StudyValue>(serverChoice);
  if (!sameChoice(shownChoice, serverChoice)) {
    setShownChoice(serverChoice);
    if (sameChoice(choice, shownChoice)) setChoice(serverChoice);
  }
  const [choiceError, setChoiceError] = useState(false);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NameValues>({
    ...toReactHookFormMode(FORM_MODE.submit),
    // The same rules and Dutch messages the API checks with (issue 26).
    resolver: rulesResolver<NameValues>(PROFILE_NAME_RULES),
    context: { locale: i18n.language },
    values: { firstName: profile.firstName, middleName: profile.middleName, lastName: profile.lastName },
    // A later copy of the profile (the fresh fetch after the saved one) keeps what she typed and its errors.
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });

  const onSubmit = handleSubmit((names) => {
    const complete = choice.university !== '' && choice.study !== '' && choice.year !== '';
    setChoiceError(!complete);
    if (!complete) return;
    update.mutate(
      { ...names, ...choice },
      {
        // A field the server refused shows its rule's message under that field.
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, NAME_FIELDS);
          for (const field of NAME_FIELDS) {
            const message = fieldErrors[field];
            if (message) setError(field, { type: 'server', message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const nameRefused = Object.keys(serverFieldErrors(update.error, NAME_FIELDS)).length > 0;
  const studyRefused = Object.keys(serverFieldErrors(update.error, STUDY_FIELDS)).length > 0;
  // Field errors sit under their fields; a request refused for its shape never shows its own sentence here.
  const serverError =
    update.error instanceof ApiError && update.error.description && update.error.code !== 'invalid_request' ? update.error.description : t('edit.error');

  return (
    <Card as="section" spacious aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading" className={styles.panelTitle}>
        {t('edit.title')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField label={t('edit.firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label={t('edit.middleName')} hint={t('edit.optional')} autoComplete="additional-name" error={errors.middleName?.message} {...register('middleName')} />
        <TextField label={t('edit.lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        {renderStudyChoice(choice, (next) => {
          setChoice(next);
          update.reset();
        })}
        {(choiceError || studyRefused) && (
          <Notice variant="error" role="alert">
            {t('edit.chooseStudy')}
          </Notice>
        )}
        <div aria-live="polite">
          {update.isSuccess && <Notice variant="success">{t('edit.saved')}</Notice>}
        </div>
        {update.isError && !nameRefused && !studyRefused && (
          <Notice variant="error" role="alert">
            {serverError}
          </Notice>
        )}
        <Button type="submit" fullWidth isBusy={update.isPending} busyLabel={t('edit.saving')}>
          {t('edit.save')}
        </Button>
      </form>
    </Card>
  );
}

function sameChoice(a: StudyValue, b: StudyValue): boolean {
  return a.university === b.university && a.study === b.study && a.year === b.year;
}
