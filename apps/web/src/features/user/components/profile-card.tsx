import { useTranslation } from 'react-i18next';
import { DEFAULT_PROFILE_PICTURE_URL, type Profile } from '@blok/contract/user';
import styles from './profile.module.css';

type ProfileCardProps = {
  profile: Profile;
  /** university, study and year as names (the profile stores catalogue ids) */
  studyNames: { university: string; study: string; year: string };
};

export function fullName(profile: Pick<Profile, 'firstName' | 'middleName' | 'lastName'>): string {
  return [profile.firstName, profile.middleName, profile.lastName].map((p) => p.trim()).filter(Boolean).join(' ');
}

/** The profile picture (default when empty), name, e-mail and study of the user. */
export function ProfileCard({ profile, studyNames }: ProfileCardProps) {
  const { t } = useTranslation('profile');
  const name = fullName(profile);
  const unknown = t('unknownValue');
  return (
    <section className={styles.card} aria-labelledby="profile-account-heading">
      <div className={styles.identity}>
        <img
          className={styles.picture}
          src={profile.profilePictureUrl || DEFAULT_PROFILE_PICTURE_URL}
          alt={t('pictureAlt')}
          width={72}
          height={72}
        />
        <div className={styles.identityText}>
          <h2 id="profile-account-heading" className={styles.name}>
            {name || t('account')}
          </h2>
          <p className={styles.email}>{profile.email}</p>
        </div>
      </div>
      <dl className={styles.details}>
        <div className={styles.row}>
          <dt>{t('email')}</dt>
          <dd>{profile.email}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('university')}</dt>
          <dd>{studyNames.university || unknown}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('study')}</dt>
          <dd>{studyNames.study || unknown}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('year')}</dt>
          <dd>{studyNames.year || unknown}</dd>
        </div>
      </dl>
    </section>
  );
}
