import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { LibraryIcon } from '../../../components/icons/icons.tsx';
import { CourseIllustration } from '../../../components/illustrations/course-illustration.tsx';
import styles from './home.module.css';

/** Home for a signed-in user (a later issue adds the real dashboard). */
export function WelcomeBack({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={styles.welcome}>
      <div className={styles.welcomeCard}>
        <CourseIllustration code="laptop" className={styles.welcomeArt} />
        <div className={styles.welcomeBody}>
          <h1 className={styles.title}>{t('home.welcome.title')}</h1>
          {email && <p className={styles.signedInAs}>{t('home.welcome.signedInAs', { email })}</p>}
          <p className={styles.lead}>{t('home.welcome.text')}</p>
          <ButtonLink to={paths.library.root.getHref()} icon={<LibraryIcon size={20} />}>
            {t('home.welcome.toLibrary')}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
