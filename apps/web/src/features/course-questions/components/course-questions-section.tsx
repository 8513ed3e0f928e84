import { useId } from 'react';
import type { CourseQuestion } from '@blok/contract/course-questions';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { Button, ButtonLink } from '../../../components/ui/button/button.tsx';
import { Card, CardActions, CardList, CardMeta } from '../../../components/ui/card/card.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Section } from '../../../components/ui/section/section.tsx';
import { stripMarkup } from '@blok/domain/markup';
import { useCourseQuestions } from '../api/get-questions.ts';
import { useDeleteCourseQuestion } from '../api/save-question.ts';
import styles from './course-questions.module.css';

const STATUS_KEY = { 0: 'status.wrong', 1: 'status.right', 2: 'status.partly' } as const;

/** A question's prompt as one short line (for lists and labels). */
export const promptLine = (prompt: string, max = 90): string => {
  const text = stripMarkup(prompt).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/**
 * "Mijn vragen" on the page of her own course (issue 41): her questions with their type and her
 * latest verdict, to edit or delete, "Vraag toevoegen" and "Oefen mijn vragen". The route puts it in
 * the course page (a feature never imports another).
 */
export function CourseQuestionsSection({ courseId, onAnnounce }: { courseId: string; onAnnounce: (text: string) => void }) {
  const { t } = useTranslation(['courseQuestions', 'common']);
  const id = useId();
  const questions = useCourseQuestions(courseId);
  const remove = useDeleteCourseQuestion();

  const list: CourseQuestion[] = questions.data?.questions ?? [];
  return (
    <Section titleId={`${id}-title`} title={t('section.title')}>
      <p className={styles.text}>{t('section.intro')}</p>
      <div className={styles.actions}>
        <ButtonLink variant="secondary" to={paths.courses.newQuestion.getHref(courseId)}>
          {t('section.add')}
        </ButtonLink>
        <ButtonLink variant="secondary" to={paths.courses.pasteQuestions.getHref(courseId)}>
          {t('section.paste')}
        </ButtonLink>
        {list.length > 0 && <ButtonLink to={paths.courses.practice.getHref(courseId)}>{t('section.practise')}</ButtonLink>}
      </div>
      {questions.isPending ? (
        <LoadingRow label={t('common:loading')} spinnerSize={20} />
      ) : questions.isError ? (
        <Notice variant="error" role="alert">
          {t('section.loadError')}
        </Notice>
      ) : list.length === 0 ? (
        <Notice>{t('section.empty')}</Notice>
      ) : (
        <CardList aria-label={t('section.count', { count: list.length })}>
          {list.map((q) => {
            const line = promptLine(q.prompt);
            return (
              <Card as="li" key={q.id}>
                <p className={styles.prompt}>{line}</p>
                <CardMeta>
                  <span>{t(`types.${q.type}`)}</span>
                  <span className={styles.status} data-status={q.lastStatus ?? undefined}>
                    {q.lastStatus === null ? t('status.new') : t(STATUS_KEY[q.lastStatus])}
                  </span>
                </CardMeta>
                <CardActions>
                  <ButtonLink variant="secondary" to={paths.courses.question.getHref(courseId, q.id)} aria-label={t('section.editLabel', { prompt: line })}>
                    {t('section.edit')}
                  </ButtonLink>
                  <Button
                    variant="ghost"
                    aria-label={t('section.deleteLabel', { prompt: line })}
                    isBusy={remove.isPending && remove.variables?.questionId === q.id}
                    onClick={() => remove.mutate({ courseId, questionId: q.id }, { onSuccess: () => onAnnounce(t('section.deleted')) })}
                  >
                    {t('section.delete')}
                  </Button>
                </CardActions>
              </Card>
            );
          })}
        </CardList>
      )}
      {remove.isError && (
        <Notice variant="error" role="alert">
          {t('section.deleteError')}
        </Notice>
      )}
    </Section>
  );
}
