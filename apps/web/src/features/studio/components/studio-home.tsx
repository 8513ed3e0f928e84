import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROLE_NAMES, type RoleName, type StudioMe } from '@blok/contract/studio';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { useStudioSubjects } from '../api/get-subjects.ts';
import { useAudit, useMembers } from '../api/get-members.ts';
import { useSetMember } from '../api/set-member.ts';
import { Field } from './field.tsx';
import { CatalogueLink } from '../catalogue/catalogue-link.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './studio.module.css';

/** /studio: the subjects she may write and, for admins, the team and the audit log. */
export function StudioHome({ me }: { me: StudioMe }) {
  const { t } = useTranslation('studio');
  const subjects = useStudioSubjects(true);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('role', { role: t(`roles.${me.role}`) })}</p>
      <Card as="section" spacious className={styles.card} aria-labelledby="studio-subjects">
        <h2 id="studio-subjects" className={styles.sectionTitle}>
          {t('subjects.title')}
        </h2>
        {subjects.isPending && <Spinner />}
        {subjects.isError && <Notice variant="error">{t('loadError')}</Notice>}
        {subjects.data?.subjects.length === 0 && <p className={styles.muted}>{t('subjects.empty')}</p>}
        {subjects.data && subjects.data.subjects.length > 0 && (
          <ul className={styles.list}>
            {subjects.data.subjects.map((s) => (
              <li key={s.id}>
                <Link to={paths.studio.subject.getHref(s.id)} className={styles.subjectLink}>
                  <span>
                    <strong>{s.title}</strong>
                    <br />
                    <span className={styles.small}>{s.release === null ? t('subjects.noRelease') : t('subjects.release', { number: s.release })}</span>
                  </span>
                  <span className={styles.badge}>{t(`status.${s.status}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {me.canAdminister && <CatalogueLink />}
      {me.canAdminister && <AdminPanel subjects={subjects.data?.subjects ?? []} />}
    </div>
  );
}

function AdminPanel({ subjects }: { subjects: Array<{ id: string; title: string }> }) {
  const { t } = useTranslation('studio');
  const members = useMembers(true);
  const audit = useAudit(true);
  const change = useSetMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleName>('author');
  const [subjectId, setSubjectId] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const chosenSubject = subjectId || subjects[0]?.id || '';

  const run = (input: Parameters<typeof change.mutate>[0]) => {
    setMessage(null);
    change.mutate(input, {
      onSuccess: () => setMessage({ ok: true, text: t('admin.done') }),
      onError: (err) => setMessage({ ok: false, text: t('editor.error', { message: err instanceof ApiError ? err.description : '' }) }),
    });
  };
  const onRole = (e: FormEvent) => {
    e.preventDefault();
    run({ kind: 'role', email, role });
  };

  return (
    <Card as="section" spacious className={styles.card} aria-labelledby="studio-admin">
      <h2 id="studio-admin" className={styles.sectionTitle}>
        {t('admin.title')}
      </h2>
      <form onSubmit={onRole} className={styles.stack}>
        <div className={styles.row}>
          <Field label={t('admin.email')}>
{(id) => (
<input id={id} className={styles.input} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
)}
</Field>
          <Field label={t('admin.roleLabel')}>
{(id) => (
<select id={id} className={styles.select} value={role} onChange={(e) => setRole(e.target.value as RoleName)}>
              {ROLE_NAMES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
)}
</Field>
        </div>
        <div className={styles.actions}>
          <Button type="submit" isBusy={change.isPending}>
            {t('admin.setRole')}
          </Button>
        </div>
        <div className={styles.row}>
          <Field label={t('admin.subject')}>
{(id) => (
<select id={id} className={styles.select} value={chosenSubject} onChange={(e) => setSubjectId(e.target.value)}>
              {subjects.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
)}
</Field>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" disabled={!email || !chosenSubject} onClick={() => run({ kind: 'assignment', email, subjectId: chosenSubject, assigned: true })}>
            {t('admin.assign')}
          </Button>
          <Button variant="ghost" disabled={!email || !chosenSubject} onClick={() => run({ kind: 'assignment', email, subjectId: chosenSubject, assigned: false })}>
            {t('admin.unassign')}
          </Button>
        </div>
        {message && <Notice variant={message.ok ? 'success' : 'error'}>{message.text}</Notice>}
      </form>
      <h3 className={styles.sectionTitle}>{t('admin.members')}</h3>
      <ul className={styles.log}>
        {members.data?.members.map((m) => (
          <li key={m.email}>
            <strong>{m.email}</strong> ({t(`roles.${m.role}`)}) · {t('admin.memberSubjects', { subjects: m.subjects.join(', ') || t('admin.noSubjects') })}
          </li>
        ))}
      </ul>
      <h3 className={styles.sectionTitle}>{t('admin.audit')}</h3>
      {audit.data?.entries.length === 0 && <p className={styles.muted}>{t('admin.auditEmpty')}</p>}
      <ul className={styles.log}>
        {audit.data?.entries.slice(0, 30).map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <time dateTime={e.at}>{new Date(e.at).toLocaleString('nl-NL')}</time> · {e.who} · {e.action}
            {e.subjectId ? ` · ${e.subjectId}` : ''}
            {e.detail ? ` · ${e.detail}` : ''}
          </li>
        ))}
      </ul>
    </Card>
  );
}
