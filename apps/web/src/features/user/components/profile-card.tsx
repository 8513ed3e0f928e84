import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { validateValue } from '@blok/contract/validation/index';
import { DEFAULT_PROFILE_PICTURE_URL, PROFILE_PICTURE_RULES, PROFILE_PICTURE_TYPES, type Profile } from '@blok/contract/user';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useRemovePicture, useUploadPicture } from '../api/upload-picture.ts';
import styles from './profile.module.css';

export function fullName(profile: Pick<Profile, 'firstName' | 'middleName' | 'lastName'>): string {
  return [profile.firstName, profile.middleName, profile.lastName].map((p) => p.trim()).filter(Boolean).join(' ');
}

/**
 * The profile picture (the default when empty) with its name and e-mail address, and the picture
 * controls: a new one is checked in the browser (spec rules ext and maxSize) and again, for real,
 * on the server.
 */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const inputId = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const name = fullName(profile);
  const hasOwnPicture = Boolean(profile.profilePictureUrl) && profile.profilePictureUrl !== DEFAULT_PROFILE_PICTURE_URL;
  const busy = upload.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setMessage(null);
    if (!file) return;
    const valid = validateValue(file, PROFILE_PICTURE_RULES, { fieldName: 'picture', locale: i18n.language === 'en' ? 'en' : 'nl' });
    if (valid !== true) {
      setFileError(valid);
      return;
    }
    setFileError(null);
    upload.mutate(file, {
      onSuccess: () => setMessage(t('pictureSaved')),
      onError: (error) => setFileError(error instanceof ApiError && error.description ? error.description : t('pictureError')),
    });
  };

  const onRemove = () => {
    setMessage(null);
    setFileError(null);
    remove.mutate(undefined, {
      onSuccess: () => setMessage(t('pictureRemoved')),
      onError: () => setFileError(t('pictureError')),
    });
  };

  return (
    <section className={styles.card} aria-labelledby="profile-account-heading">
      <div className={styles.identity}>
        <img className={styles.picture} src={profile.profilePictureUrl || DEFAULT_PROFILE_PICTURE_URL} alt={t('pictureAlt')} width={72} height={72} />
        <div className={styles.identityText}>
          <h2 id="profile-account-heading" className={styles.name}>
            {name || t('account')}
          </h2>
          <p className={styles.email}>{profile.email}</p>
        </div>
      </div>
      <div className={styles.pictureActions}>
        <input
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          onChange={onFile}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
        />
        <label htmlFor={inputId} className={styles.fileLabel} data-disabled={busy || undefined}>
          {upload.isPending ? <Spinner /> : null}
          {upload.isPending ? t('pictureUploading') : t('pictureChange')}
        </label>
        {hasOwnPicture && (
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={busy}>
            {t('pictureRemove')}
          </Button>
        )}
        <p id={`${inputId}-hint`} className={styles.pictureHint}>
          {t('pictureHint')}
        </p>
      </div>
      <div aria-live="polite" className={styles.pictureStatus}>
        {message && <Notice variant="success">{message}</Notice>}
      </div>
      {fileError && (
        <div className={styles.pictureStatus}>
          <Notice variant="error" role="alert">
            {fileError}
          </Notice>
        </div>
      )}
    </section>
  );
}
