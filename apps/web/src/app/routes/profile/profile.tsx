import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { BellIcon, ChevronRightIcon, LogoutIcon } from '../../../components/icons/icons.tsx';
import { useCatalogue } from '../../../features/onboarding/api/get-catalogue.ts';
import { resolveChoiceNames } from '../../../features/onboarding/utils/study-choice.ts';
import { useProfile } from '../../../features/user/api/get-profile.ts';
import { useIsSignedIn } from '../../../lib/auth/session.ts';
import { DeleteAccountButton } from '../../../features/user/components/delete-account-dialog.tsx';
import { ProfileCard } from '../../../features/user/components/profile-card.tsx';
import styles from './profile.module.css';

export function Component() {
  const { t } = useTranslation(['profile', 'common']);
  const navigate = useNavigate();
  // Not enabled once signed out: the sign-out clears the cache while this screen is still mounted.
  const profile = useProfile({ enabled: useIsSignedIn() });
  const catalogue = useCatalogue();

  return (
    <PageShell title={t('title')}>
      <div className={styles.stack}>
        {profile.isPending && (
          <p className={styles.loading} role="status">
            <Spinner /> {t('common:loading')}
          </p>
        )}
        {profile.isError && (
          <Notice variant="error" role="alert">
            {t('loadError')}
          </Notice>
        )}
        {profile.data && (
          <ProfileCard
            profile={profile.data}
            studyNames={resolveChoiceNames(catalogue.data, {
              university: profile.data.university,
              study: profile.data.study,
              year: profile.data.year,
            })}
          />
        )}

        <section aria-labelledby="profile-settings-heading" className={styles.section}>
          <h2 id="profile-settings-heading" className={styles.sectionTitle}>
            {t('settings')}
          </h2>
          <ul className={styles.menu}>
            <li>
              <Link to={paths.profile.pushNotifications.getHref()} className={styles.menuItem}>
                <BellIcon size={22} />
                <span>{t('pushNotifications')}</span>
                <ChevronRightIcon size={20} className={styles.chevron} />
              </Link>
            </li>
            <li>
              <Link to={paths.logout.getHref()} className={styles.menuItem}>
                <LogoutIcon size={22} />
                <span>{t('logout')}</span>
                <ChevronRightIcon size={20} className={styles.chevron} />
              </Link>
            </li>
          </ul>
        </section>

        <div className={styles.dangerZone}>
          <DeleteAccountButton onDeleted={() => void navigate(paths.logout.getHref(), { replace: true })} />
        </div>
      </div>
    </PageShell>
  );
}
