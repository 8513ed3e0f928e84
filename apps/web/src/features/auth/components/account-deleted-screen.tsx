import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import styles from './auth-form.module.css';

export type AccountDeletedState = { accountDeleted: true };

export const accountDeletedState = (): AccountDeletedState => ({ accountDeleted: true });

/**
 * Where deleting the account ends (issue 26): a Dutch confirmation that it and her data are gone,
 * not a bare login. Only after a deletion (router state, kept across a reload); otherwise login.
 */
export function AccountDeletedScreen() {
  const { t } = useTranslation('auth');
  const { state } = useLocation();
  if ((state as Partial<AccountDeletedState> | null)?.accountDeleted !== true) return <Navigate to={paths.auth.login.getHref()} replace />;
  return (
    <div className={styles.screen}>
      <div className={styles.heading}>
        <h1>{t('accountDeleted.title')}</h1>
      </div>
      <Notice variant="success" role="status">
        {t('accountDeleted.text')}
      </Notice>
      <p className={styles.intro}>{t('accountDeleted.goodbye')}</p>
      <div className={styles.form}>
        <ButtonLink to={paths.home.root.getHref()} fullWidth>
          {t('accountDeleted.home')}
        </ButtonLink>
        <ButtonLink to={paths.auth.register.getHref()} variant="secondary" fullWidth>
          {t('accountDeleted.register')}
        </ButtonLink>
      </div>
    </div>
  );
}
