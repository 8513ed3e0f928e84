import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { CardList, CardText } from '../../../components/ui/card/card.tsx';
import { Section } from '../../../components/ui/section/section.tsx';
import { useOwnCourseSets } from '../api/get-own-sets.ts';
import { useCreateOwnSet } from '../api/create-set.ts';
import { OwnSetItem } from './subject-own-sets.tsx';
import styles from './own-cards.module.css';

/**
 * Her card sets in one of her own courses (issue 41), on the course's page (the route puts them
 * there): each to study or open, and a new set made in the course in one step. A set she already has
 * moves in through its settings ('Vak').
 */
export function CourseOwnSets({ courseId, onAnnounce }: { courseId: string; onAnnounce: (text: string) => void }) {
  const { t } = useTranslation('ownCards');
  const id = useId();
  const sets = useOwnCourseSets(courseId);
  const create = useCreateOwnSet();
  const [title, setTitle] = useState('');
  const [missing, setMissing] = useState(false);
  const list = sets.data?.sets ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setMissing(true);
    setMissing(false);
    create.mutate(
      { title, courseId },
      {
        onSuccess: (set) => {
          setTitle('');
          onAnnounce(t('course.created', { title: set.title }));
        },
      },
    );
  };

  return (
    <Section titleId={`${id}-title`} title={t('course.title')}>
      {sets.isError && (
        <Notice variant="error" role="alert">
          {t('course.loadError')}
        </Notice>
      )}
      {sets.data && list.length === 0 && <CardText>{t('course.empty')}</CardText>}
      {list.length > 0 && (
        <CardList>
          {list.map((set) => (
            <OwnSetItem key={set.id} set={set} />
          ))}
        </CardList>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {t('course.newLabel')}
          </label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-name-error` : undefined}
          />
          {missing && (
            <p id={`${id}-name-error`} className={styles.error}>
              {t('editor.setRequired')}
            </p>
          )}
        </div>
        {create.isError && (
          <Notice variant="error" role="alert">
            {create.error instanceof ApiError && create.error.description ? create.error.description : t('course.error')}
          </Notice>
        )}
        <Button type="submit" variant="secondary" isBusy={create.isPending} busyLabel={t('sets.creating')}>
          {t('course.create')}
        </Button>
      </form>
    </Section>
  );
}
