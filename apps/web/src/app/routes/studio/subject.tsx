import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { useDraft } from '../../../features/studio/api/get-draft.ts';
import { SubjectEditor } from '../../../features/studio/components/subject-editor.tsx';
import { useCatalogue } from '../../../features/onboarding/api/get-catalogue.ts';
import { StudyChoiceFields } from '../../../features/onboarding/components/study-choice-fields.tsx';

/** /studio/:subjectId: one subject's draft, its checks and its review (issue 29). */
export function Component() {
  const { t } = useTranslation('studio');
  const { subjectId = '' } = useParams();
  const draft = useDraft(subjectId);
  // the registration's catalogue, for the preview as a student of a university, study and year
  const catalogue = useCatalogue();
  return (
    <PageShell title={draft.data?.document.title ?? t('title')} back={{ to: paths.studio.root.getHref(), label: t('editor.back') }}>
      {draft.isPending && <Spinner />}
      {draft.isError && <Notice variant="error">{t('notFound')}</Notice>}
      {draft.data && (
        <SubjectEditor
          key={draft.data.subjectId}
          draft={draft.data}
          renderAudienceChoice={(choice, onChange) => (
            <StudyChoiceFields
              catalogue={catalogue.data}
              choice={choice}
              onChange={onChange}
              labels={{
                university: t('studentPreview.university'),
                study: t('studentPreview.study'),
                year: t('studentPreview.year'),
                universityPlaceholder: t('studentPreview.universityPlaceholder'),
                studyPlaceholder: t('studentPreview.studyPlaceholder'),
                yearPlaceholder: t('studentPreview.yearPlaceholder'),
                studyDisabledHint: t('studentPreview.studyDisabledHint'),
                yearDisabledHint: t('studentPreview.yearDisabledHint'),
              }}
            />
          )}
        />
      )}
    </PageShell>
  );
}
