import { useTranslation } from '../../../lib/i18n.ts';
import type { OwnSetSummary } from '@blok/contract/own-cards';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar/progress-bar.tsx';
import { useOwnSubjectSets } from '../api/get-own-sets.ts';
import styles from './subject-own-sets.module.css';

/**
 * Her own sets of a subject, on that subject's flashcards overview (the route puts it there): each
 * marked as hers, studied with the flashcards' settings and session screens; and where to make or
 * import one into this subject.
 */
export function SubjectOwnSets({ subjectId }: { subjectId: string }) {
  const { t } = useTranslation('ownCards');
  const sets = useOwnSubjectSets(subjectId);
  const list = sets.data?.sets ?? [];
  return (
    <section className={styles.section} aria-labelledby="subject-own-sets">
      <h2 id="subject-own-sets" className={styles.sectionTitle}>
        {t('subject.title')}
      </h2>
      {sets.isError && (
        <Notice variant="error" role="alert">
          {t('subject.loadError')}
        </Notice>
      )}
      {sets.data && list.length === 0 && <p className={styles.hint}>{t('subject.empty')}</p>}
      {list.length > 0 && (
        <ul className={styles.list}>
          {list.map((set) => (
            <SubjectSetItem key={set.id} set={set} />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <ButtonLink variant="secondary" size="sm" to={paths.cardImport.root.getHref({ vak: subjectId })}>
          {t('subject.import')}
        </ButtonLink>
        <ButtonLink variant="ghost" size="sm" to={paths.ownCards.root.getHref()}>
          {t('subject.all')}
        </ButtonLink>
      </div>
    </section>
  );
}

function SubjectSetItem({ set }: { set: OwnSetSummary }) {
  const { t } = useTranslation('ownCards');
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>{set.title}</h3>
      {set.description && <p className={styles.cardText}>{set.description}</p>}
      <p className={styles.meta}>
        <span className={styles.badge}>{t('subject.mine')}</span>
        <span>{t('sets.cardCount', { count: set.cardCount })}</span>
        <span>{t('sets.known', { known: set.knownCount, total: set.cardCount })}</span>
      </p>
      <ProgressBar value={set.progress} label={t('sets.progressLabel', { title: set.title })} />
      <div className={styles.actions}>
        {set.cardCount > 0 && (
          <ButtonLink to={paths.ownCards.study.getHref(set.id)} aria-label={t('subject.studyLabel', { title: set.title })}>
            {t('subject.study')}
          </ButtonLink>
        )}
        <ButtonLink variant="secondary" to={paths.ownCards.set.getHref(set.id)} aria-label={t('sets.openLabel', { title: set.title })}>
          {t('subject.open')}
        </ButtonLink>
      </div>
    </li>
  );
}
