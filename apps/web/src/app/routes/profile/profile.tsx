import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { BellIcon, ChevronRightIcon, InfoIcon, LibraryIcon, LogoutIcon } from '../../../components/icons/icons.tsx';
import { useCatalogue } from '../../../features/onboarding/api/get-catalogue.ts';
import { StudyChoiceFields } from '../../../features/onboarding/components/study-choice-fields.tsx';
import { useProfile } from '../../../features/user/api/get-profile.ts';
import { useIsSignedIn } from '../../../lib/auth/session.ts';
import { ChangePasswordForm } from '../../../features/user/components/change-password-form.tsx';
import { logout } from '../../../features/auth/api/logout.ts';
import { accountDeletedState } from '../../../features/auth/components/account-deleted-screen.tsx';
import { DeleteAccountButton } from '../../../features/user/components/delete-account-dialog.tsx';
import { ProfileCard } from '../../../features/user/components/profile-card.tsx';
import { ProfileDetailsForm } from '../../../features/user/components/profile-details-form.tsx';
import { SubscriptionCard } from '../../../features/user/components/subscription-card.tsx';
import { ProfilePremium } from '../../../features/shop/components/profile-premium.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import styles from './profile.module.css';

export function Component() {
  const { t } = useTranslation(['profile', 'common']);
  const navigate = useNavigate();
  // Not enabled once signed out: the sign-out clears the cache while this screen is still mounted.
  const profile = useProfile({ enabled: useIsSignedIn(), fresh: true });
  const catalogue = useCatalogue();

  return (
    <PageShell title={t('title')}>
      <div className={styles.stack}>
        {profile.isPending && (
          <LoadingRow label={t('common:loading')} />
        )}
        {profile.isError && (
          <Notice variant="error" role="alert">
            {t('loadError')}
          </Notice>
        )}
        {profile.data && (
          <>
            <ProfileCard profile={profile.data} />
            <ProfileDetailsForm
              // A new profile id (another account) starts the form over.
              key={profile.data.id}
              profile={profile.data}
              renderStudyChoice={(choice, onChange) => (
                <StudyChoiceFields
                  catalogue={catalogue.data}
                  choice={choice}
                  onChange={onChange}
                  labels={{
                    university: t('university'),
                    study: t('study'),
                    year: t('year'),
                    universityPlaceholder: t('edit.universityPlaceholder'),
                    studyPlaceholder: t('edit.studyPlaceholder'),
                    yearPlaceholder: t('edit.yearPlaceholder'),
                    studyDisabledHint: t('edit.studyDisabledHint'),
                    yearDisabledHint: t('edit.yearDisabledHint'),
                  }}
                />
              )}
            />
            <ProfilePremium fallback={<SubscriptionCard profile={profile.data} />} />
            <ChangePasswordForm />
          </>
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
            {profile.data && profile.data.roleId > 1 && (
              // authors, editors and admins (issue 29): the studio is its own lazy part of the app
              <li>
                <Link to={paths.studio.root.getHref()} className={styles.menuItem}>
                  <LibraryIcon size={22} />
                  <span>{t('studio')}</span>
                  <ChevronRightIcon size={20} className={styles.chevron} />
                </Link>
              </li>
            )}
            <li>
              <Link to={paths.tutorial.root.getHref()} className={styles.menuItem}>
                <InfoIcon size={22} />
                <span>{t('tutorial')}</span>
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
          <DeleteAccountButton
            onDeleted={() =>
              // Signed out here, then the confirmation (issue 26): not the bare login of /logout.
              void logout().then(() => navigate(paths.auth.accountDeleted.getHref(), { replace: true, state: accountDeletedState() }))
            }
          />
        </div>
      </div>
    </PageShell>
  );
}
