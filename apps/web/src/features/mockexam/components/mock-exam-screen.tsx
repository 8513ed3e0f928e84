import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { MissingItem } from '../../../components/ui/missing-item/missing-item.tsx';
import { ArrowLeftIcon } from '../../../components/icons/icons.tsx';
import { useMockExam } from '../api/get-exam.ts';
import { MockExamResults } from './mock-exam-results.tsx';
import { MockExamTaking } from './mock-exam-taking.tsx';
import styles from './mockexam.module.css';

/** /bibliotheek/proeftentamen/{subjectId}/{examId}: the exam while open, its results once closed. */
export function MockExamScreen({ subjectId, examId }: { subjectId: string; examId: string }) {
  const { t } = useTranslation(['mockexam', 'common']);
  const exam = useMockExam(examId);
  if (exam.data) return exam.data.closed ? <MockExamResults exam={exam.data} /> : <MockExamTaking key={exam.data.id} exam={exam.data} />;
  const notFound = exam.error instanceof ApiError && (exam.error.status === 404 || exam.error.status === 400);
  return (
    <div className={styles.page}>
      <Link to={paths.library.mockExam.getHref(subjectId)} className={styles.back}>
        <ArrowLeftIcon size={18} />
        <span>{t('start.title')}</span>
      </Link>
      {exam.isPending ? (
        <div role="status" aria-label={t('common:loading')} className={styles.skeleton} />
      ) : (
        <>
          <h1 className={styles.pageTitle}>{t('start.title')}</h1>
          {notFound ? (
            <MissingItem
              message={t('exam.notFound')}
              ways={[
                { to: paths.library.mockExam.getHref(subjectId), label: t('exam.toStart') },
                { to: paths.library.root.getHref(), label: t('common:toLibrary') },
              ]}
            />
          ) : (
            <Notice variant="error" role="alert">
              {t('exam.error')}
            </Notice>
          )}
        </>
      )}
    </div>
  );
}
