import { useId, useRef, useState } from 'react';
import { STUDIO_IMAGE_MAX_BYTES, STUDIO_IMAGE_TYPES, type StudioImage } from '@blok/contract/studio';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { uploadImage } from '../api/upload-image.ts';
import styles from './studio.module.css';

/** Alt text as Markdown can hold it: one line, no brackets that would end the image's text. */
export const markdownAlt = (alt: string) => alt.replace(/[[\]\r\n]+/g, ' ').replace(/\s+/g, ' ').trim();

type Props = {
  subjectId: string;
  /** called with the stored picture and its description once it is uploaded */
  onUploaded: (image: StudioImage, alt: string) => void;
  /**
   * false: no description asked (a question's picture, which the question itself describes to the
   * student); in Markdown a picture always needs one
   */
  describe?: boolean;
  legend?: string;
};

/**
 * Uploads a picture as one of the subject's content images: a labelled file input and a required
 * description (alt text, read to students with a screen reader), then one button. The server checks
 * the file again by its bytes; here only what saves a pointless upload (type, size).
 */
export function ImageUpload({ subjectId, onUploaded, describe = true, legend }: Props) {
  const { t } = useTranslation('studio');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const choose = (chosen: File | null) => {
    setError('');
    if (chosen && !(STUDIO_IMAGE_TYPES as readonly string[]).includes(chosen.type)) {
      setError(t('image.wrongType'));
      setFile(null);
    } else if (chosen && chosen.size > STUDIO_IMAGE_MAX_BYTES) {
      setError(t('image.tooLarge'));
      setFile(null);
    } else {
      setFile(chosen);
    }
  };

  const upload = () => {
    const description = markdownAlt(alt);
    if (!file) return setError(t('image.chooseFirst'));
    if (describe && !description) {
      setError(t('image.altRequired'));
      document.getElementById(`${id}-alt`)?.focus();
      return;
    }
    setBusy(true);
    setError('');
    uploadImage(subjectId, file)
      .then((image) => {
        onUploaded(image, description);
        setFile(null);
        setAlt('');
        if (fileInput.current) fileInput.current.value = '';
      })
      .catch((err: unknown) => setError(err instanceof ApiError && err.description ? err.description : t('image.failed')))
      .finally(() => setBusy(false));
  };

  return (
    <fieldset className={`${styles.question} ${styles.upload}`}>
      <legend>{legend ?? t('image.legend')}</legend>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-file`}>
          {t('image.file')}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={STUDIO_IMAGE_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          className={styles.file}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <p id={`${id}-hint`} className={styles.small}>
          {t('image.hint')}
        </p>
      </div>
      {describe && (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-alt`}>
          {t('image.alt')}
        </label>
        <input
          id={`${id}-alt`}
          className={styles.input}
          value={alt}
          required
          aria-required="true"
          aria-describedby={`${id}-alt-hint`}
          onChange={(e) => setAlt(e.target.value)}
        />
        <p id={`${id}-alt-hint`} className={styles.small}>
          {t('image.altHint')}
        </p>
      </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" isBusy={busy} busyLabel={t('image.uploading')} onClick={upload}>
          {describe ? t('image.insert') : t('image.upload')}
        </Button>
      </div>
    </fieldset>
  );
}
