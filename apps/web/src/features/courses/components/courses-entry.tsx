import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useCourses } from '../api/get-courses.ts';
import { useCreateCourse } from '../api/create-course.ts';
import styles from './courses.module.css';

/**
 * Her own courses on the library page ("Eigen vakken", issue 41): a link to each, and "Eigen vak
 * toevoegen", one step from the library (a dialog with the course's name; the rest is optional).
 */
export function CoursesEntry() {
  const { t } = useTranslation('courses');
  const courses = useCourses();
  const [adding, setAdding] = useState(false);
  const list = courses.data?.courses ?? [];
  return (
    <section className={styles.entry} aria-labelledby="courses-entry">
      <h2 id="courses-entry" className={styles.title}>
        {t('entry.title')}
      </h2>
      {list.length === 0 ? (
        <p className={styles.text}>{t('entry.text')}</p>
      ) : (
        <ul className={styles.list}>
          {list.map((course) => (
            <li key={course.id}>
              <Link className={styles.courseLink} to={paths.courses.course.getHref(course.id)}>
                {course.name}
              </Link>
              {course.code && <span className={styles.text}> · {course.code}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t('entry.add')}
        </Button>
      </div>
      <AddCourseDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}

function AddCourseDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateCourse();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [period, setPeriod] = useState('');
  const [examDate, setExamDate] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setMissing(true);
    create.mutate(
      { name, code, period, examDate: examDate || null },
      { onSuccess: (detail) => void navigate(paths.courses.course.getHref(detail.course.id)) },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('add.title')} description={t('add.description')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {t('add.name')}
          </label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={name}
            maxLength={120}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-name-error` : undefined}
          />
          {missing && (
            <p id={`${id}-name-error`} className={styles.error}>
              {t('add.nameRequired')}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-code`}>
            {t('add.code')}
          </label>
          <input id={`${id}-code`} className={styles.input} value={code} maxLength={40} autoComplete="off" onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-period`}>
            {t('add.period')}
          </label>
          <input id={`${id}-period`} className={styles.input} value={period} maxLength={60} autoComplete="off" onChange={(e) => setPeriod(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-exam`}>
            {t('add.examDate')}
          </label>
          <input id={`${id}-exam`} type="date" className={styles.input} value={examDate} onChange={(e) => setExamDate(e.target.value)} />
        </div>
        {create.isError && (
          <Notice variant="error" role="alert">
            {create.error instanceof ApiError && create.error.description ? create.error.description : t('add.error')}
          </Notice>
        )}
        <div className={styles.actions}>
          <Button type="submit" isBusy={create.isPending} busyLabel={t('add.adding')}>
            {t('add.submit')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('add.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
