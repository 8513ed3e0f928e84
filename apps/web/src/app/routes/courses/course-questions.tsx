import { useMatch, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { QuestionEditorScreen } from '../../../features/course-questions/components/question-editor.tsx';
import { QuestionPracticeScreen } from '../../../features/course-questions/components/question-practice.tsx';

/**
 * Her own questions in a course of her own (issue 41): /bibliotheek/eigen-vak/:courseId/vragen/nieuw
 * and .../vragen/:questionId (the editor) and .../oefenen (practising them). One route module for
 * the three keeps the router table small.
 */
export function Component() {
  const { courseId = '', questionId } = useParams();
  const practice = useMatch(paths.courses.practice.path) !== null;
  if (practice) return <QuestionPracticeScreen key={courseId} courseId={courseId} />;
  return <QuestionEditorScreen key={`${courseId}/${questionId ?? 'nieuw'}`} courseId={courseId} questionId={questionId ?? null} />;
}
