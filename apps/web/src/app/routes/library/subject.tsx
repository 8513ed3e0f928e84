import { useParams } from 'react-router';
import { SubjectScreen } from '../../../features/library/components/subject-screen.tsx';
import { ExamPlanSection } from '../../../features/plan/components/exam-plan-section.tsx';
import { ReadinessSection } from '../../../features/plan/components/readiness-section.tsx';

/** /bibliotheek/subject/{id}: a subject's summaries, question lists and flashcards, with her exam plan and readiness. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <SubjectScreen
      key={id}
      subjectId={id}
      plan={
        <>
          <ExamPlanSection subjectId={id} />
          <ReadinessSection subjectId={id} />
        </>
      }
    />
  );
}
