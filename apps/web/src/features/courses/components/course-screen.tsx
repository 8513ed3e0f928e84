import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { CourseDetail, CourseFile } from '@blok/contract/courses';
import { PLAN_MAX_MINUTES, PLAN_MIN_MINUTES } from '@blok/contract/plan';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Card, CardActions, CardList, CardMeta, CardTitle } from '../../../components/ui/card/card.tsx';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Section } from '../../../components/ui/section/section.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { useCourse } from '../api/get-course.ts';
import { useUpdateCourse } from '../api/update-course.ts';
import { useDeleteCourse } from '../api/delete-course.ts';
import { useUploadCourseFile } from '../api/upload-file.ts';
import { useDeleteCourseFile } from '../api/delete-file.ts';
import { CourseProgress, CourseReadiness } from './course-standing.tsx';
import styles from './courses.module.css';
import { WeekdayCheckboxes, type Weekday } from '../../../components/ui/weekday-checkboxes/weekday-checkboxes.tsx';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`;
const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.description ? error.description : fallback);

/** /bibliotheek/eigen-vak/:courseId: her own course: where she stands, its exam plan, its PDFs, its Voortgang. */
/**
 * `extra`: what other features show in the course, given by the route (her card sets: a feature never
 * imports another); it gets the screen's announcer.
 */
export function CourseScreen({ courseId, extra }: { courseId: string; extra?: (announce: (text: string) => void) => ReactNode }) {
  const { t } = useTranslation(['courses', 'common']);
  const course = useCourse(courseId);
  const [announcement, setAnnouncement] = useState('');

  if (course.isPending) return <LoadingRow label={t('common:loading')} spinnerSize={24} />;
  if (course.isError) {
    return (
      <div className={styles.page}>
        <Notice variant="error" role="alert">
          {course.error instanceof ApiError && course.error.status === 404 ? t('course.notFound') : t('course.loadError')}
        </Notice>
        <ButtonLink variant="secondary" to={paths.library.root.getHref()}>
          {t('course.back')}
        </ButtonLink>
      </div>
    );
  }
  const detail = course.data;
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle} tabIndex={-1}>
        {detail.course.name}
      </h1>
      {(detail.course.code || detail.course.period) && <p className={styles.text}>{[detail.course.code, detail.course.period].filter(Boolean).join(' · ')}</p>}
      <CourseReadiness courseId={detail.course.id} />
      <ExamPlan detail={detail} onSaved={() => setAnnouncement(t('course.examSaved'))} />
      <Files detail={detail} announce={setAnnouncement} />
      {extra?.(setAnnouncement)}
      <CourseProgress courseId={detail.course.id} courseName={detail.course.name} />
      <DeleteCourse detail={detail} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/**
 * Her course's exam plan: the exam date, and optionally minutes per day and study days of its own
 * (issue 41). Left empty, the course shares the time Blok's subjects leave, as before.
 */
function ExamPlan({ detail, onSaved }: { detail: CourseDetail; onSaved: () => void }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const update = useUpdateCourse();
  const { course } = detail;
  const [date, setDate] = useState(course.examDate ?? '');
  const [minutes, setMinutes] = useState(course.minutesPerDay === null ? '' : String(course.minutesPerDay));
  const [days, setDays] = useState<number[]>(course.studyDays);
  const [minutesError, setMinutesError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = minutes.trim() === '' ? null : Number(minutes);
    if (value !== null && (!Number.isInteger(value) || value < PLAN_MIN_MINUTES || value > PLAN_MAX_MINUTES)) {
      setMinutesError(t('course.minutesInvalid'));
      return;
    }
    setMinutesError(undefined);
    update.mutate(
      { id: course.id, body: { examDate: date || null, minutesPerDay: value, studyDays: days.length > 0 ? [...days].sort((a, b) => a - b) : null } },
      { onSuccess: onSaved },
    );
  };
  const saved = course.examDate;
  const savedDays = course.studyDays.length > 0 && course.studyDays.length < 7 ? course.studyDays.map((d) => t(`weekdaysShort.${d as Weekday}`)).join(', ') : null;
  return (
    <Section titleId={`${id}-title`} title={t('course.examTitle')}>
      <p className={styles.text}>
        <span>{saved ? t('course.examOn', { date: new Date(`${saved}T12:00:00Z`).toLocaleDateString('nl-NL', { day: 'numeric', month: 'long', year: 'numeric' }) }) : t('course.examNone')}</span>
        {' · '}
        <span>{course.minutesPerDay !== null ? t('course.timeOwn', { count: course.minutesPerDay }) : t('course.timeShared')}</span>
        {savedDays && <> · <span>{t('course.timeDays', { days: savedDays })}</span></>}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-date`}>
            {t('course.examDate')}
          </label>
          <input id={`${id}-date`} type="date" className={styles.input} value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <TextField
          label={t('course.minutesLabel')}
          type="number"
          inputMode="numeric"
          name="minutesPerDay"
          min={PLAN_MIN_MINUTES}
          max={PLAN_MAX_MINUTES}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          hint={t('course.minutesHint')}
          error={minutesError}
        />
        <fieldset className={styles.days} aria-describedby={`${id}-days-hint`}>
          <legend className={styles.label}>{t('course.studyDays')}</legend>
          <p id={`${id}-days-hint`} className={styles.text}>
            {t('course.studyDaysHint')}
          </p>
          <WeekdayCheckboxes days={days} onChange={setDays} label={(day) => t(`weekdays.${day}`)} />
        </fieldset>
        {update.isError && (
          <Notice variant="error" role="alert">
            {errorText(update.error, t('course.loadError'))}
          </Notice>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" isBusy={update.isPending}>
            {t('course.examSave')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function Files({ detail, announce }: { detail: CourseDetail; announce: (text: string) => void }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const upload = useUploadCourseFile();
  const remove = useDeleteCourseFile();
  const input = useRef<HTMLInputElement>(null);
  const { limits } = detail;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.mutate(
      { courseId: detail.course.id, file },
      {
        onSuccess: (kept) => announce(t('course.uploaded', { name: kept.name })),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <Section titleId={`${id}-title`} title={t('course.filesTitle')}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-file`}>
          {t('course.upload')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="application/pdf,.pdf"
          className={styles.fileInput}
          onChange={choose}
          disabled={upload.isPending}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className={styles.text}>
          {t('course.uploadHint', { mb: Math.round(limits.fileBytes / 1024 / 1024), pages: limits.filePages.toLocaleString('nl-NL'), used: mb(limits.usedBytes), storage: mb(limits.storageBytes) })}
        </p>
      </div>
      {upload.isPending && <LoadingRow label={t('course.uploading')} spinnerSize={20} />}
      {upload.isError && (
        <Notice variant="error" role="alert">
          {errorText(upload.error, t('course.uploadError'))}
        </Notice>
      )}
      {detail.files.length === 0 ? (
        <Notice>{t('course.filesEmpty')}</Notice>
      ) : (
        <CardList>
          {detail.files.map((file: CourseFile) => (
            <Card as="li" key={file.id}>
              <CardTitle>{file.name}</CardTitle>
              <CardMeta>
                {/* the pages she read feed her plan (issue 41); a copy cached before they were counted has none */}
                <span>{typeof file.pagesRead === 'number' ? t('course.pagesRead', { read: file.pagesRead, count: file.pages }) : t('course.pages', { count: file.pages })}</span>
                <span>{mb(file.bytes)}</span>
              </CardMeta>
              <CardActions>
                <ButtonLink to={paths.courses.file.getHref(detail.course.id, file.id)} aria-label={t('course.readLabel', { name: file.name })}>
                  {t('course.read')}
                </ButtonLink>
                <Button
                  variant="ghost"
                  aria-label={t('course.deleteFileLabel', { name: file.name })}
                  isBusy={remove.isPending && remove.variables?.fileId === file.id}
                  onClick={() => remove.mutate({ courseId: detail.course.id, fileId: file.id }, { onSuccess: () => announce(t('course.fileDeleted', { name: file.name })) })}
                >
                  {t('course.deleteFile')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </CardList>
      )}
      {detail.files.length > 0 && (
        <p>
          <ButtonLink variant="link" to={paths.courses.annotations.getHref(detail.course.id)}>
            {t('viewer.annotations')}
          </ButtonLink>
        </p>
      )}
    </Section>
  );
}

function DeleteCourse({ detail }: { detail: CourseDetail }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const remove = useDeleteCourse();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (remove.isSuccess) void navigate(paths.library.root.getHref(), { replace: true });
  }, [remove.isSuccess, navigate]);
  return (
    <div className={styles.actions}>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        {t('course.deleteCourse')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('course.deleteCourseTitle', { name: detail.course.name })} description={t('course.deleteCourseText')}>
        <Button variant="danger" isBusy={remove.isPending} onClick={() => remove.mutate(detail.course.id)}>
          {t('course.deleteCourseConfirm')}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('course.cancel')}
        </Button>
      </Dialog>
    </div>
  );
}
