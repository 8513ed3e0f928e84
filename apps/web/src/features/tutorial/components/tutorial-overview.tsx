import { Link, Navigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { buttonClassName } from '../../../components/ui/button/button.tsx';
import { ArrowLeftIcon, ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { useIsSignedIn } from '../../../lib/auth/session.ts';
import { TUTORIAL_STEPS, isTutorialStep, stepPosition } from '../utils/steps.ts';
import { TutorialIllustration } from './tutorial-illustration.tsx';
import styles from './tutorial.module.css';

/**
 * TutorialOverview: the walkthrough of the app, one step per id (spec route /tutorial/{id?}, the
 * id passed as a property). No id opens the first step; an unknown id goes back to it.
 */
export function TutorialOverview({ id }: { id?: string | undefined }) {
  const { t } = useTranslation('tutorial');
  const signedIn = useIsSignedIn();
  if (id !== undefined && !isTutorialStep(id)) return <Navigate to={paths.tutorial.root.getHref()} replace />;
  const step = id ?? TUTORIAL_STEPS[0];
  const { index, previous, next } = stepPosition(step);
  const finish = signedIn ? paths.home.root.getHref() : paths.auth.register.getHref();

  return (
    <div className={styles.tutorial} data-tutorial-id={step}>
      <p className={styles.eyebrow}>
        {t('title')} · {t('stepOf', { n: index + 1, total: TUTORIAL_STEPS.length })}
      </p>
      <div className={styles.art}>
        <TutorialIllustration step={step} className={styles.illustration} />
      </div>
      <h1 className={styles.title}>{t(`steps.${step}.title`)}</h1>
      <p className={styles.text}>{t(`steps.${step}.text`)}</p>

      <nav aria-label={t('stepsLabel')}>
        <ol className={styles.dots}>
          {TUTORIAL_STEPS.map((s, i) => (
            <li key={s}>
              <Link
                to={paths.tutorial.root.getHref(s)}
                className={styles.dot}
                aria-current={s === step ? 'step' : undefined}
                aria-label={t('stepLink', { n: i + 1, title: t(`steps.${s}.title`) })}
              />
            </li>
          ))}
        </ol>
      </nav>

      <div className={styles.actions}>
        {previous ? (
          <Link to={paths.tutorial.root.getHref(previous)} className={buttonClassName({ variant: 'secondary' }, styles.action)}>
            <ArrowLeftIcon size={20} />
            {t('previous')}
          </Link>
        ) : (
          <span className={styles.action} />
        )}
        {next ? (
          <Link to={paths.tutorial.root.getHref(next)} className={buttonClassName({ variant: 'primary' }, styles.action)}>
            {t('next')}
            <ChevronRightIcon size={20} />
          </Link>
        ) : (
          <Link to={finish} className={buttonClassName({ variant: 'primary' }, styles.action)}>
            {t('start')}
          </Link>
        )}
      </div>
      {next && (
        <p className={styles.skip}>
          <Link to={finish}>{t('skip')}</Link>
        </p>
      )}
    </div>
  );
}
