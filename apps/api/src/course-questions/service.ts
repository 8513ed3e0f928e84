import type { CourseQuestion, CourseQuestionAnswerBody, CourseQuestionBatchBody, CourseQuestionBody, CourseQuestionList, CourseQuestionType, CourseQuestionVerdict } from '@blok/contract';
import { COURSE_QUESTIONS_MAX } from '@blok/contract';
import { choiceId, gradeOwn, ownSpec, readOwnKey, type OwnKeyFields } from '@blok/domain/own-questions';
import { expectedText } from '@blok/domain/question-types';
import { AppError } from '../errors.ts';
import type { Executor, UnitOfWork } from '../write/unit-of-work.ts';
import type { CourseQuestionAnsweredEvent } from '../write/events.ts';
import { CourseQuestionsRepository, type CourseQuestionRow } from './repository.ts';

/** What her questions need of her courses: whether a course is hers (the courses feature owns them). */
export interface CourseQuestionsCourses {
  isHers(userId: string, courseId: string): Promise<boolean>;
}

/** Told in the answer's own transaction (write/events.ts: 'course-question.answered'). */
export type RecordCourseAnswer = (tx: Executor, event: CourseQuestionAnsweredEvent) => Promise<void>;

const courseNotFound = () => new AppError('not_found', 'Dit vak bestaat niet.');
const questionNotFound = () => new AppError('not_found', 'Deze vraag bestaat niet.');
const RESULT = { 0: 'wrong', 1: 'right', 2: 'partly' } as const;

/** The stored key's fields without their type (the contract's `key`). */
const keyOf = (fields: OwnKeyFields): Record<string, unknown> => {
  const { type: _type, ...rest } = fields;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
};

/**
 * Her own practice questions in a course of her own (issue 41): written, changed and deleted as
 * commands, each key checked by @blok/domain/own-questions; answered and graded here with the
 * domain's grader, as Blok's questions are, her latest verdict kept per question. Another student's
 * course or question answers 404 like an unknown one.
 */
export class CourseQuestionsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly courses: CourseQuestionsCourses,
    private readonly recordAnswer: RecordCourseAnswer,
  ) {}

  private get repo(): CourseQuestionsRepository {
    return new CourseQuestionsRepository(this.uow.executor);
  }

  private fieldsOf(row: CourseQuestionRow): OwnKeyFields {
    return { ...(JSON.parse(row.key_json) as object), type: row.type } as OwnKeyFields;
  }

  private toQuestion(row: CourseQuestionRow): CourseQuestion {
    const status = row.last_status;
    return {
      id: row.id,
      courseId: row.course_id,
      type: row.type as CourseQuestionType,
      prompt: row.prompt,
      key: keyOf(this.fieldsOf(row)),
      explanation: row.explanation,
      lastStatus: status === 0 || status === 1 || status === 2 ? status : null,
      answeredAt: row.answered_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private async hers(userId: string, courseId: string): Promise<void> {
    if (!(await this.courses.isHers(userId, courseId))) throw courseNotFound();
  }

  /** Her body as stored: the key read and checked, else 400 question_key_invalid with each problem at `<at>key.<field>`. */
  private written(body: CourseQuestionBody, at = '') {
    const read = readOwnKey(body.type, body.key);
    if (read.problems) {
      throw new AppError('question_key_invalid', `Het antwoord van deze vraag klopt nog niet: ${read.problems[0]!.message}`).withFields(
        read.problems.map((p) => ({ field: `${at}key.${p.field}`, message: p.message })),
      );
    }
    return { type: body.type, prompt: body.prompt, keyJson: JSON.stringify(keyOf(read.fields)), explanation: body.explanation ?? '' };
  }

  async list(userId: string, courseId: string): Promise<CourseQuestionList> {
    await this.hers(userId, courseId);
    return { questions: (await this.repo.listOfCourse(userId, courseId)).map((r) => this.toQuestion(r)) };
  }

  create(userId: string, courseId: string, body: CourseQuestionBody): Promise<CourseQuestion> {
    return this.uow.run(async () => {
      await this.hers(userId, courseId);
      const written = this.written(body);
      const repo = this.repo;
      if ((await repo.countOfCourse(courseId)) >= COURSE_QUESTIONS_MAX) throw new AppError('limit_reached', `Een vak heeft hoogstens ${COURSE_QUESTIONS_MAX} eigen vragen.`);
      const id = await repo.insert(userId, courseId, written);
      return this.toQuestion((await repo.find(userId, courseId, id))!);
    });
  }

  /** The questions she pasted as text, added in one command: all or none, within the course's limit. */
  createMany(userId: string, courseId: string, body: CourseQuestionBatchBody): Promise<CourseQuestionList> {
    return this.uow.run(async () => {
      await this.hers(userId, courseId);
      const written = body.questions.map((q, i) => this.written(q, `questions.${i}.`));
      const repo = this.repo;
      const has = await repo.countOfCourse(courseId);
      if (has + written.length > COURSE_QUESTIONS_MAX) {
        throw new AppError('limit_reached', `Een vak heeft hoogstens ${COURSE_QUESTIONS_MAX} eigen vragen; er kunnen er nog ${Math.max(0, COURSE_QUESTIONS_MAX - has)} bij.`);
      }
      const questions: CourseQuestion[] = [];
      for (const w of written) {
        const id = await repo.insert(userId, courseId, w);
        questions.push(this.toQuestion((await repo.find(userId, courseId, id))!));
      }
      return { questions };
    });
  }

  update(userId: string, courseId: string, questionId: string, body: CourseQuestionBody): Promise<CourseQuestion> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const row = await repo.find(userId, courseId, questionId);
      if (!row) throw questionNotFound();
      await repo.update(row.id, this.written(body));
      return this.toQuestion((await repo.find(userId, courseId, row.id))!);
    });
  }

  delete(userId: string, courseId: string, questionId: string): Promise<null> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const row = await repo.find(userId, courseId, questionId);
      if (!row) throw questionNotFound();
      await repo.delete(row.id);
      return null;
    });
  }

  /**
   * Grades her answer with the domain's grader and keeps the verdict as her latest, in one unit of
   * work with the 'course-question.answered' event. A numeric answer that is no number is 400
   * invalid_number and not kept, as on the practice screen.
   */
  answer(userId: string, courseId: string, questionId: string, body: CourseQuestionAnswerBody): Promise<CourseQuestionVerdict> {
    return this.uow.run(async (tx) => {
      const repo = this.repo;
      const row = await repo.find(userId, courseId, questionId);
      if (!row) throw questionNotFound();
      const fields = this.fieldsOf(row);
      const verdict = gradeOwn(row.id, fields, {
        choice: body.choice,
        text: body.textAnswer,
        order: body.order,
        pairs: body.pairs ? Object.fromEntries(body.pairs.map((p) => [p.left, p.right])) : undefined,
      });
      if (verdict.unreadable) {
        throw new AppError('invalid_number', 'Dit kunnen we niet als getal lezen. Schrijf bijvoorbeeld 0,25 of 1.250 (een komma voor de decimalen).');
      }
      const status = verdict.status;
      const at = new Date().toISOString();
      await repo.recordAnswer(row.id, status, at);
      await this.recordAnswer(tx, { userId, courseId, questionId: row.id, status, score: verdict.score, at });
      const spec = fields.type === 'SELECT' ? null : ownSpec(row.id, fields);
      return {
        status,
        result: RESULT[status],
        typo: verdict.typo,
        explanation: row.explanation,
        expected: {
          text: spec ? expectedText(spec) : null,
          choice: fields.type === 'SELECT' ? choiceId(fields.answers.findIndex((a) => a.correct)) : null,
          order: spec?.type === 'ORDERING' ? spec.items.map((i) => i.id) : [],
          pairs: spec?.type === 'MATCHING' ? Object.entries(spec.pairs).map(([left, right]) => ({ left, right })) : [],
        },
        question: this.toQuestion((await repo.find(userId, courseId, row.id))!),
      };
    });
  }
}
