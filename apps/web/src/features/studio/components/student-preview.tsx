import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { StudentPreview as Preview, StudioDocument } from '@blok/contract/studio';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { getStudentPreview, type AudienceChoice } from '../api/student-preview.ts';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './studio.module.css';
import { useTypesetFormulas } from '../../../components/markdown/formulas.ts';

export type RenderAudienceChoice = (choice: AudienceChoice, onChange: (choice: AudienceChoice) => void) => ReactNode;

type Props = {
  document: StudioDocument;
  /** the registration's university, study and year dropdowns (the route brings them: another feature's) */
  renderChoice: RenderAudienceChoice;
};

const complete = (c: AudienceChoice) => c.university !== '' && c.study !== '' && c.year !== '';

/**
 * Preview as a student: she picks a university, study and year as at registration and sees the draft
 * (unsaved changes too) as that student would: whether the subject is in her study year at all, and
 * its chapters and flashcards rendered by the reader's renderers. Read-only; nothing is written.
 */
export function StudentPreview({ document: doc, renderChoice }: Props) {
  const { t } = useTranslation('studio');
  const [choice, setChoice] = useState<AudienceChoice>({ university: '', study: '', year: '' });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const result = useRef<HTMLDivElement>(null);
  // its chapters and cards come typeset from the server: KaTeX's stylesheet if one has a formula
  useTypesetFormulas(result, preview ? JSON.stringify(preview) : null);

  // a new preview takes the focus, so a screen reader reads it from its heading
  useEffect(() => {
    if (preview) result.current?.focus();
  }, [preview]);

  const show = () => {
    setBusy(true);
    setError('');
    getStudentPreview(doc, choice)
      .then(setPreview)
      .catch((err: unknown) => setError(err instanceof ApiError && err.description ? err.description : t('studentPreview.failed')))
      .finally(() => setBusy(false));
  };

  return (
    <Card as="section" spacious className={styles.card} aria-labelledby="studio-student-preview">
      <h2 id="studio-student-preview" className={styles.sectionTitle}>
        {t('studentPreview.title')}
      </h2>
      <p className={styles.small}>{t('studentPreview.intro')}</p>
      <div className={styles.stack}>{renderChoice(choice, setChoice)}</div>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={!complete(choice)} isBusy={busy} busyLabel={t('studentPreview.loading')} onClick={show}>
          {t('studentPreview.show')}
        </Button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {preview && (
        <div ref={result} id="student-preview-result" tabIndex={-1} className={styles.stack} aria-labelledby="student-preview-heading">
          <h3 id="student-preview-heading" className={styles.sectionTitle}>
            {t('studentPreview.as', preview.audience)}
          </h3>
          {preview.visible ? (
            <Notice variant="success">{t('studentPreview.visible', preview.audience)}</Notice>
          ) : (
            <Notice variant="warning">{t('studentPreview.hidden', preview.audience)}</Notice>
          )}
          <div>
            <p>
              <strong>{preview.title}</strong>
            </p>
            <p className={styles.muted}>{preview.description}</p>
          </div>
          {preview.summaries.map((s) => (
            <div key={s.id} className={styles.stack}>
              <h4 className={styles.label}>{t('studentPreview.summary', { title: s.title, source: s.source })}</h4>
              {/* each chapter folded: a subject's whole text would make the page endless */}
              {s.chapters.map((c) => (
                <details key={c.id} className={`${styles.answer} ${styles.previewChapter}`}>
                  <summary>
                    <strong dangerouslySetInnerHTML={{ __html: c.titleHtml }} />
                    <span className={styles.small}>
                      {t('studentPreview.pages', { start: c.startPage, end: c.endPage })}
                      {c.access === 'premium' && ` ${t('studentPreview.premium')}`}
                    </span>
                  </summary>
                  {/* focusable: a wide table scrolls sideways, by keyboard too (axe: scrollable-region-focusable) */}
                  {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
                  <div className={styles.preview} tabIndex={0} role="region" aria-label={t('studentPreview.chapterText', { title: c.titleHtml.replace(/<[^>]*>/g, '') })} dangerouslySetInnerHTML={{ __html: c.html }} />
                </details>
              ))}
            </div>
          ))}
          {preview.questionLists.length > 0 && (
            <div>
              <h4 className={styles.label}>{t('questions.title')}</h4>
              <ul>
                {preview.questionLists.map((l) => (
                  <li key={l.id}>{t('studentPreview.list', { title: l.title, count: l.questions })}</li>
                ))}
              </ul>
            </div>
          )}
          {preview.flashcardSets.length > 0 && (
            <div className={styles.stack}>
              <h4 className={styles.label}>{t('cards.title')}</h4>
              {preview.flashcardSets.map((set) => (
                <article key={set.id} aria-labelledby={`preview-set-${set.id}`} className={styles.answer}>
                  <h5 id={`preview-set-${set.id}`} className={styles.sectionTitle}>
                    {set.title}
                  </h5>
                  <p className={styles.small}>{set.description}</p>
                  <ol className={styles.list}>
                    {set.cards.map((card, i) => (
                      <li key={card.id} className={styles.previewCard} aria-label={t('cards.card', { number: i + 1 })}>
                        <div>
                          <p className={styles.label}>{t('studentPreview.front')}</p>
                          <div dangerouslySetInnerHTML={{ __html: card.frontHtml }} />
                          {card.frontPictureUrl && <img className={styles.previewPicture} src={card.frontPictureUrl} alt="" />}
                        </div>
                        <div>
                          <p className={styles.label}>{t('studentPreview.back')}</p>
                          <div dangerouslySetInnerHTML={{ __html: card.backHtml }} />
                          {card.backPictureUrl && <img className={styles.previewPicture} src={card.backPictureUrl} alt="" />}
                        </div>
                      </li>
                    ))}
                  </ol>
                </article>
              ))}
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
