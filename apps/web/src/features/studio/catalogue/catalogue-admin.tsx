import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CATALOGUE_HEADER_IMAGES, type AdminCatalogue, type CourseInfoInput } from '@blok/contract/catalogue';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { useChangeCatalogue, type CatalogueChange } from './api.ts';
import studio from '../components/studio.module.css';
import styles from './catalogue.module.css';

type Data = AdminCatalogue;
type University = Data['universities'][number];
type Study = University['studies'][number];
type Year = Study['years'][number];
type Errors = Record<string, string | undefined>;

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One change at a time, with its outcome shown where it was made. */
function useChange() {
  const { t } = useTranslation('studioCatalogue');
  const mutation = useChangeCatalogue();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = (change: CatalogueChange, after?: (data: Data) => void) => {
    setMessage(null);
    mutation.mutate(change, {
      onSuccess: (data) => {
        setMessage({ ok: true, text: t('done') });
        after?.(data);
      },
      onError: (err) => setMessage({ ok: false, text: t('error', { message: err instanceof ApiError && err.description ? err.description : t('loadError') }) }),
    });
  };
  const notice = message && (
    <Notice variant={message.ok ? 'success' : 'error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </Notice>
  );
  return { run, busy: mutation.isPending, notice };
}

/** A labelled text input with its hint and Dutch error, tied to it by aria-describedby. */
function TextField(props: { label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string; multiline?: boolean; inputMode?: 'numeric' }) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value: props.value,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className={studio.field}>
      <label className={studio.label} htmlFor={id}>
        {props.label}
      </label>
      {props.hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </span>
      )}
      {props.multiline ? (
        <textarea {...common} className={studio.textarea} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} className={studio.input} type="text" inputMode={props.inputMode} autoComplete="off" onChange={(e) => props.onChange(e.target.value)} />
      )}
      {props.error && (
        <span id={`${id}-error`} className={styles.error}>
          {props.error}
        </span>
      )}
    </div>
  );
}

function Select<T extends { id: string; name: string }>({ label, items, value, onChange }: { label: string; items: T[]; value: string; onChange: (id: string) => void }) {
  const id = useId();
  return (
    <div className={studio.field}>
      <label className={studio.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={studio.select} value={value} onChange={(e) => onChange(e.target.value)}>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Field checks before a request: the same rules as the API's, in Dutch. */
function useChecks() {
  const { t } = useTranslation('studioCatalogue');
  return {
    required: (v: string) => (v.trim() ? undefined : t('errors.required')),
    id: (v: string) => (!v.trim() ? t('errors.required') : ID.test(v.trim()) ? undefined : t('errors.id')),
    percentage: (v: string) => (/^\d{1,3}$/.test(v.trim()) && Number(v) <= 100 ? undefined : t('errors.percentage')),
  };
}

const hasErrors = (errors: Errors) => Object.values(errors).some(Boolean);

interface CourseDraft {
  vaknaam: string;
  percentage: string;
  header_afbeelding: CourseInfoInput['header_afbeelding'];
  titeltekst: string;
  bodytekst: string;
}

const courseDraft = (c?: Year['courseInfo']): CourseDraft => ({
  vaknaam: c?.vaknaam ?? '',
  percentage: c ? String(c.percentage) : '50',
  header_afbeelding: (CATALOGUE_HEADER_IMAGES as readonly string[]).includes(c?.header_afbeelding ?? '') ? (c!.header_afbeelding as CourseDraft['header_afbeelding']) : 'boeken',
  titeltekst: c?.titeltekst ?? '',
  bodytekst: c?.bodytekst ?? '',
});

const courseInput = (d: CourseDraft): CourseInfoInput => ({
  vaknaam: d.vaknaam.trim(),
  percentage: Number(d.percentage),
  header_afbeelding: d.header_afbeelding,
  titeltekst: d.titeltekst.trim(),
  bodytekst: d.bodytekst.trim(),
});

function useCourseErrors() {
  const check = useChecks();
  return (d: CourseDraft): Errors => ({
    vaknaam: check.required(d.vaknaam),
    percentage: check.percentage(d.percentage),
    titeltekst: check.required(d.titeltekst),
    bodytekst: check.required(d.bodytekst),
  });
}

/** The sample course's fields (a new year's and an existing one's). */
function CourseFields({ value, onChange, errors }: { value: CourseDraft; onChange: (v: CourseDraft) => void; errors: Errors }) {
  const { t } = useTranslation('studioCatalogue');
  const imageId = useId();
  const set = (key: keyof CourseDraft) => (v: string) => onChange({ ...value, [key]: v });
  return (
    <>
      <div className={studio.row}>
        <TextField label={t('course.vaknaam')} value={value.vaknaam} onChange={set('vaknaam')} error={errors.vaknaam} />
        <TextField label={t('course.percentage')} value={value.percentage} onChange={set('percentage')} error={errors.percentage} inputMode="numeric" />
        <div className={studio.field}>
          <label className={studio.label} htmlFor={imageId}>
            {t('course.image')}
          </label>
          <select id={imageId} className={studio.select} value={value.header_afbeelding} onChange={(e) => set('header_afbeelding')(e.target.value)}>
            {CATALOGUE_HEADER_IMAGES.map((image) => (
              <option key={image} value={image}>
                {t(`course.images.${image}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField label={t('course.titeltekst')} value={value.titeltekst} onChange={set('titeltekst')} error={errors.titeltekst} />
      <TextField label={t('course.bodytekst')} value={value.bodytekst} onChange={set('bodytekst')} error={errors.bodytekst} multiline />
    </>
  );
}

/** "Add …": a form behind a disclosure, so the screen stays short on a phone. */
function AddForm({ summary, children, onSubmit, busy }: { summary: string; children: ReactNode; onSubmit: () => void; busy: boolean }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <details className={styles.add}>
      <summary>{summary}</summary>
      <form onSubmit={submit} className={studio.stack} noValidate aria-label={summary}>
        {children}
        <div className={studio.actions}>
          <Button type="submit" isBusy={busy}>
            {summary}
          </Button>
        </div>
      </form>
    </details>
  );
}

/**
 * /studio/catalogus (admins, decision 031): universities, their studies and year layers, each
 * year's sample course and its subjects. Choose with the three dropdowns, change below them.
 */
export function CatalogueAdmin({ data }: { data: Data }) {
  const [universityId, setUniversityId] = useState(data.universities[0]?.id ?? '');
  const [studyId, setStudyId] = useState('');
  const [yearId, setYearId] = useState('');
  const university = data.universities.find((u) => u.id === universityId) ?? data.universities[0];
  const study = university?.studies.find((s) => s.id === studyId) ?? university?.studies[0];
  const year = study?.years.find((y) => y.id === yearId) ?? study?.years[0];

  const chooseUniversity = (id: string) => {
    setUniversityId(id);
    setStudyId('');
    setYearId('');
  };
  const chooseStudy = (id: string) => {
    setStudyId(id);
    setYearId('');
  };

  return (
    <div className={studio.stack}>
      <UniversityCard data={data} university={university} onChoose={chooseUniversity} />
      {university && <StudyCard key={university.id} university={university} study={study} onChoose={chooseStudy} />}
      {university && study && <YearCard key={`${university.id}/${study.id}`} data={data} university={university} study={study} year={year} onChoose={setYearId} />}
    </div>
  );
}

function UniversityCard({ data, university, onChoose }: { data: Data; university: University | undefined; onChoose: (id: string) => void }) {
  const { t } = useTranslation('studioCatalogue');
  const check = useChecks();
  const { run, busy, notice } = useChange();
  const [name, setName] = useState(university?.name ?? '');
  const [shortName, setShortName] = useState(university?.shortName ?? '');
  const [shownFor, setShownFor] = useState(university?.id);
  const [errors, setErrors] = useState<Errors>({});
  const [add, setAdd] = useState({ id: '', name: '', shortName: '' });
  const [addErrors, setAddErrors] = useState<Errors>({});
  if (university?.id !== shownFor) {
    // another university chosen: its own names in the form
    setShownFor(university?.id);
    setName(university?.name ?? '');
    setShortName(university?.shortName ?? '');
    setErrors({});
  }

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const found = { name: check.required(name), shortName: check.required(shortName) };
    setErrors(found);
    if (!university || hasErrors(found)) return;
    run({ kind: 'renameUniversity', place: { universityId: university.id }, name: name.trim(), shortName: shortName.trim() });
  };
  const remove = () => {
    if (university && window.confirm(t('university.removeAsk', { name: university.name }))) run({ kind: 'remove', place: { universityId: university.id } });
  };
  const create = () => {
    const found = { id: check.id(add.id), name: check.required(add.name), shortName: check.required(add.shortName) };
    setAddErrors(found);
    if (hasErrors(found)) return;
    run({ kind: 'addUniversity', id: add.id.trim(), name: add.name.trim(), shortName: add.shortName.trim() }, () => {
      onChoose(add.id.trim());
      setAdd({ id: '', name: '', shortName: '' });
    });
  };

  return (
    <section aria-labelledby="catalogue-university" className={studio.card}>
      <h2 id="catalogue-university" className={studio.sectionTitle}>
        {t('university.title')}
      </h2>
      {university && (
        <form onSubmit={rename} className={studio.stack} noValidate aria-labelledby="catalogue-university">
          <Select label={t('university.choose')} items={data.universities} value={university.id} onChange={onChoose} />
          <div className={studio.row}>
            <TextField label={t('name')} value={name} onChange={setName} error={errors.name} />
            <TextField label={t('shortName')} value={shortName} onChange={setShortName} error={errors.shortName} />
          </div>
          <div className={studio.actions}>
            <Button type="submit" isBusy={busy}>
              {t('save')}
            </Button>
            <Button variant="ghost" onClick={remove} disabled={busy}>
              {t('remove')}
            </Button>
          </div>
        </form>
      )}
      {notice}
      <AddForm summary={t('university.add')} onSubmit={create} busy={busy}>
        <TextField label={t('id')} value={add.id} onChange={(v) => setAdd({ ...add, id: v })} error={addErrors.id} />
        <TextField label={t('name')} value={add.name} onChange={(v) => setAdd({ ...add, name: v })} error={addErrors.name} />
        <TextField label={t('shortName')} value={add.shortName} onChange={(v) => setAdd({ ...add, shortName: v })} error={addErrors.shortName} />
      </AddForm>
    </section>
  );
}

function StudyCard({ university, study, onChoose }: { university: University; study: Study | undefined; onChoose: (id: string) => void }) {
  const { t } = useTranslation('studioCatalogue');
  const check = useChecks();
  const { run, busy, notice } = useChange();
  const [name, setName] = useState(study?.name ?? '');
  const [shownFor, setShownFor] = useState(study?.id);
  const [errors, setErrors] = useState<Errors>({});
  const [add, setAdd] = useState({ id: '', name: '' });
  const [addErrors, setAddErrors] = useState<Errors>({});
  if (study?.id !== shownFor) {
    setShownFor(study?.id);
    setName(study?.name ?? '');
    setErrors({});
  }
  const place = study ? { universityId: university.id, studyId: study.id } : null;

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const found = { name: check.required(name) };
    setErrors(found);
    if (!place || hasErrors(found)) return;
    run({ kind: 'rename', place, name: name.trim() });
  };
  const remove = () => {
    if (place && study && window.confirm(t('university.removeAsk', { name: study.name }))) run({ kind: 'remove', place });
  };
  const create = () => {
    const found = { id: check.id(add.id), name: check.required(add.name) };
    setAddErrors(found);
    if (hasErrors(found)) return;
    run({ kind: 'addStudy', place: { universityId: university.id }, id: add.id.trim(), name: add.name.trim() }, () => {
      onChoose(add.id.trim());
      setAdd({ id: '', name: '' });
    });
  };

  return (
    <section aria-labelledby="catalogue-study" className={studio.card}>
      <h2 id="catalogue-study" className={studio.sectionTitle}>
        {t('study.title')} · {university.shortName}
      </h2>
      {study ? (
        <form onSubmit={rename} className={studio.stack} noValidate aria-labelledby="catalogue-study">
          <Select label={t('study.choose')} items={university.studies} value={study.id} onChange={onChoose} />
          <TextField label={t('name')} value={name} onChange={setName} error={errors.name} />
          <div className={studio.actions}>
            <Button type="submit" isBusy={busy}>
              {t('save')}
            </Button>
            <Button variant="ghost" onClick={remove} disabled={busy}>
              {t('remove')}
            </Button>
          </div>
        </form>
      ) : (
        <p className={studio.muted}>{t('study.none')}</p>
      )}
      {notice}
      <AddForm summary={t('study.add')} onSubmit={create} busy={busy}>
        <TextField label={t('id')} hint={t('study.idHint')} value={add.id} onChange={(v) => setAdd({ ...add, id: v })} error={addErrors.id} />
        <TextField label={t('name')} value={add.name} onChange={(v) => setAdd({ ...add, name: v })} error={addErrors.name} />
      </AddForm>
    </section>
  );
}

function YearCard({ data, university, study, year, onChoose }: { data: Data; university: University; study: Study; year: Year | undefined; onChoose: (id: string) => void }) {
  const { t } = useTranslation('studioCatalogue');
  const check = useChecks();
  const courseErrors = useCourseErrors();
  const { run, busy, notice } = useChange();
  const [shownFor, setShownFor] = useState(year?.id);
  const [name, setName] = useState(year?.name ?? '');
  const [course, setCourse] = useState(courseDraft(year?.courseInfo));
  const [subjects, setSubjects] = useState<string[]>(year?.subjectIds ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [add, setAdd] = useState({ id: '', name: '', course: courseDraft() });
  const [addErrors, setAddErrors] = useState<Errors>({});
  if (year?.id !== shownFor) {
    setShownFor(year?.id);
    setName(year?.name ?? '');
    setCourse(courseDraft(year?.courseInfo));
    setSubjects(year?.subjectIds ?? []);
    setErrors({});
  }
  const place = year ? { universityId: university.id, studyId: study.id, yearId: year.id } : null;

  const save = (e: FormEvent) => {
    e.preventDefault();
    const found = { name: check.required(name), ...courseErrors(course) };
    setErrors(found);
    if (!place || !year || hasErrors(found)) return;
    if (name.trim() !== year.name) run({ kind: 'rename', place, name: name.trim() }, () => run({ kind: 'course', place, courseInfo: courseInput(course) }));
    else run({ kind: 'course', place, courseInfo: courseInput(course) });
  };
  const saveSubjects = (e: FormEvent) => {
    e.preventDefault();
    if (place) run({ kind: 'subjects', place, subjectIds: subjects });
  };
  const remove = () => {
    if (place && year && window.confirm(t('university.removeAsk', { name: year.name }))) run({ kind: 'remove', place });
  };
  const create = () => {
    const found = { id: check.id(add.id), name: check.required(add.name), ...courseErrors(add.course) };
    setAddErrors(found);
    if (hasErrors(found)) return;
    run({ kind: 'addYear', place: { universityId: university.id, studyId: study.id }, id: add.id.trim(), name: add.name.trim(), courseInfo: courseInput(add.course) }, () => {
      onChoose(add.id.trim());
      setAdd({ id: '', name: '', course: courseDraft() });
    });
  };
  const toggle = (id: string, on: boolean) => setSubjects((list) => (on ? [...list, id] : list.filter((s) => s !== id)));

  return (
    <section aria-labelledby="catalogue-year" className={studio.card}>
      <h2 id="catalogue-year" className={studio.sectionTitle}>
        {t('year.title')} · {study.name}
      </h2>
      {year ? (
        <>
          <form onSubmit={save} className={studio.stack} noValidate aria-labelledby="catalogue-year">
            <Select label={t('year.choose')} items={study.years} value={year.id} onChange={onChoose} />
            <TextField label={t('name')} value={name} onChange={setName} error={errors.name} />
            <h3 className={studio.sectionTitle}>{t('course.title')}</h3>
            <CourseFields value={course} onChange={setCourse} errors={errors} />
            <div className={studio.actions}>
              <Button type="submit" isBusy={busy}>
                {t('save')}
              </Button>
              <Button variant="ghost" onClick={remove} disabled={busy}>
                {t('remove')}
              </Button>
            </div>
          </form>
          <form onSubmit={saveSubjects} className={studio.stack} aria-label={t('subjects.title')}>
            <fieldset className={styles.subjects} aria-describedby="catalogue-subjects-hint">
              <legend>{t('subjects.title')}</legend>
              <p id="catalogue-subjects-hint" className={styles.hint}>
                {t('subjects.hint')}
              </p>
              {data.subjects.length === 0 && <p className={studio.muted}>{t('subjects.none')}</p>}
              {data.subjects.map((s) => (
                <label key={s.id} className={studio.check}>
                  <input type="checkbox" checked={subjects.includes(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
                  {s.title}
                </label>
              ))}
            </fieldset>
            <div className={studio.actions}>
              <Button type="submit" variant="secondary" isBusy={busy}>
                {t('save')}
              </Button>
            </div>
          </form>
        </>
      ) : (
        <p className={studio.muted}>{t('year.none')}</p>
      )}
      {notice}
      <AddForm summary={t('year.add')} onSubmit={create} busy={busy}>
        <TextField label={t('id')} value={add.id} onChange={(v) => setAdd({ ...add, id: v })} error={addErrors.id} />
        <TextField label={t('name')} value={add.name} onChange={(v) => setAdd({ ...add, name: v })} error={addErrors.name} />
        <CourseFields value={add.course} onChange={(c) => setAdd({ ...add, course: c })} errors={addErrors} />
      </AddForm>
    </section>
  );
}
