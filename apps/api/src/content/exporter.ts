import { stringify } from 'yaml';
import type { Executor } from '@blok/db';
import { parseSpec, type QuestionSpec } from '@blok/domain/question-types';

/** A subject in the importer's folder format, held in memory: text files by path, and images/<name> -> bytes. */
export interface SubjectFiles {
  files: Map<string, string>;
  images: Map<string, Buffer>;
}

/** The importer's file names for a subject's parts (one chapter, list or set per file). */
export const contentPaths = {
  chapter: (id: string) => `chapters/${id}.md`,
  questionList: (id: string) => `questions/${id}.yaml`,
  flashcardSet: (id: string) => `flashcards/${id}.yaml`,
};

const yaml = (value: unknown) => stringify(value, { lineWidth: 0 });

/** An item's key within its question: its content id without the question's id (the importer writes `${question}-${key}`). */
const keyOf = (questionId: string, itemId: string) => itemId.slice(questionId.length + 1);

/**
 * The content fields of a question of issue 40's types, from its stored spec and text: what the
 * importer reads back into the same spec (packages/content/src/checks.ts questionSpec).
 */
export function specToManifest(questionId: string, spec: QuestionSpec, questionText: string): Record<string, unknown> {
  switch (spec.type) {
    case 'TYPED':
      return { accepted: spec.accepted, ...(spec.typos === false ? { typos: false } : {}) };
    case 'NUMERIC':
      return {
        value: spec.value,
        ...(spec.tolerance ? { tolerance: spec.tolerance } : {}),
        ...(spec.relative ? { relative: true } : {}),
        ...(spec.unit ? { unit: spec.unit } : {}),
        ...(spec.unitAliases?.length ? { unitAliases: spec.unitAliases } : {}),
      };
    case 'ORDERING':
      return { items: spec.items.map((item, i) => (keyOf(questionId, item.id) === `i${i + 1}` ? item.text : { id: keyOf(questionId, item.id), text: item.text })) };
    case 'MATCHING': {
      const paired = new Set(Object.values(spec.pairs));
      return {
        pairs: spec.left.map((l) => ({ left: l.text, right: spec.right.find((r) => r.id === spec.pairs[l.id])?.text ?? '' })),
        decoys: spec.right.filter((r) => !paired.has(r.id)).map((r) => r.text),
      };
    }
    case 'CLOZE': {
      // stored text: the instruction, a blank line, the sentence with numbered blanks (importer)
      const cut = questionText.indexOf('\n\n');
      return { instruction: cut < 0 ? 'Vul de open plekken in.' : questionText.slice(0, cut), text: spec.text, ...(spec.gaps.some((g) => g.typos === false) ? { typos: false } : {}) };
    }
  }
}

/**
 * Reads a subject from the catalogue tables back into the folder format the importer reads
 * (`packages/content/README.md`): what the import wrote, the import reads again unchanged (issue 29:
 * the studio starts its first draft of an imported subject from it, and exports subjects with it).
 * Null when the subject is not in the catalogue.
 */
export async function exportSubjectFiles(db: Executor, subjectId: string): Promise<SubjectFiles | null> {
  const subject = await db.selectFrom('subjects').select(['id', 'title', 'description']).where('id', '=', subjectId).executeTakeFirst();
  if (!subject) return null;
  const [audiences, summaries, chapters, lists, questions, answers, sets, cards, images] = await Promise.all([
    db.selectFrom('subject_audiences').select(['study', 'year']).where('subject_id', '=', subjectId).orderBy('study').orderBy('year').execute(),
    db.selectFrom('summaries').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').execute(),
    db.selectFrom('chapters').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').execute(),
    db.selectFrom('question_lists').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').orderBy('id').execute(),
    db.selectFrom('questions').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').execute(),
    db
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .select(['answers.id', 'answers.question_id', 'answers.answer_text', 'answers.is_correct', 'answers.pinned', 'answers.sort_index'])
      .where('questions.subject_id', '=', subjectId)
      .orderBy('answers.sort_index')
      .execute(),
    db.selectFrom('flashcard_sets').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').orderBy('id').execute(),
    db.selectFrom('flashcards').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').execute(),
    db.selectFrom('content_images').select(['name', 'data_base64']).where('subject_id', '=', subjectId).execute(),
  ]);
  const files = new Map<string, string>();
  const manifest = {
    id: subject.id,
    title: subject.title,
    description: subject.description,
    audiences: audiences.map((a) => ({ study: a.study, year: a.year })),
    summaries: summaries.map((s) => ({
      id: s.id,
      title: s.title,
      source: s.source,
      description: s.description,
      chapters: chapters
        .filter((c) => c.summary_id === s.id)
        .map((c) => {
          files.set(contentPaths.chapter(c.id), c.markdown);
          return {
            id: c.id,
            file: contentPaths.chapter(c.id),
            title: c.title,
            priority: c.priority,
            startPage: c.start_page,
            endPage: c.end_page,
            access: c.access,
            ...(c.question_list_id ? { questionList: c.question_list_id } : {}),
          };
        }),
    })),
    questionLists: lists.map((l) => contentPaths.questionList(l.id)),
    flashcardSets: sets.map((s) => contentPaths.flashcardSet(s.id)),
  };
  files.set('subject.yaml', yaml(manifest));
  for (const l of lists) {
    const listQuestions = questions
      .filter((q) => q.question_list_id === l.id)
      .map((q) => {
        const common = {
          id: q.id,
          type: q.type,
          text: q.question_text,
          ...(q.picture ? { picture: q.picture } : {}),
        };
        const tail = { feedback: q.feedback_text, ...(q.feedback_picture ? { feedbackPicture: q.feedback_picture } : {}), recommended: q.recommended === 1 };
        if (q.type === 'OPEN') return { ...common, modelAnswer: q.model_answer ?? '', ...tail };
        const spec = parseSpec(q.spec);
        if (spec) return { ...common, ...specToManifest(q.id, spec, q.question_text), ...tail };
        const own = answers.filter((a) => a.question_id === q.id);
        return {
          ...common,
          multiple: own.filter((a) => a.is_correct === 1).length > 1,
          // the answer's key is its row id without the question's id (importer: `${question}-${key}`)
          answers: own.map((a) => ({ id: a.id.slice(q.id.length + 1), text: a.answer_text, correct: a.is_correct === 1, pinned: a.pinned === 1 })),
          ...tail,
        };
      });
    files.set(
      contentPaths.questionList(l.id),
      yaml({
        id: l.id,
        title: l.title,
        description: l.description,
        sortIndex: l.sort_index,
        answerDisplaying: l.answer_displaying,
        recommendedQuestions: l.recommended_questions,
        ...(l.chapter_id ? { chapter: l.chapter_id } : {}),
        questions: listQuestions,
      }),
    );
  }
  for (const s of sets) {
    files.set(
      contentPaths.flashcardSet(s.id),
      yaml({
        id: s.id,
        title: s.title,
        description: s.description,
        sortIndex: s.sort_index,
        ...(s.chapter_id ? { chapter: s.chapter_id } : {}),
        cards: cards
          .filter((c) => c.flashcard_set_id === s.id)
          .map((c) => ({
            id: c.id,
            front: c.front_markdown,
            back: c.back_markdown,
            ...(c.front_picture ? { frontPicture: c.front_picture } : {}),
            ...(c.back_picture ? { backPicture: c.back_picture } : {}),
          })),
      }),
    );
  }
  return { files, images: new Map(images.map((i) => [`images/${i.name}`, Buffer.from(i.data_base64, 'base64')])) };
}

/** A subject's studies and years as they are now (the catalogue's admins may change them, decision 031). */
export function subjectAudiences(db: Executor, subjectId: string): Promise<Array<{ study: string; year: string }>> {
  return db.selectFrom('subject_audiences').select(['study', 'year']).where('subject_id', '=', subjectId).orderBy('study').orderBy('year').execute();
}

/** Every subject of the catalogue, by title: the studio's list for editors and admins. */
export function catalogueSubjects(db: Executor): Promise<Array<{ id: string; title: string }>> {
  return db.selectFrom('subjects').select(['id', 'title']).orderBy('title').execute();
}

/** Whether the catalogue has this subject. */
export async function subjectExists(db: Executor, subjectId: string): Promise<boolean> {
  return (await db.selectFrom('subjects').select('id').where('id', '=', subjectId).executeTakeFirst()) !== undefined;
}

/** A subject's images as stored (images/<name> -> bytes): a studio release keeps them. */
export async function subjectImages(db: Executor, subjectId: string): Promise<Map<string, Buffer>> {
  const rows = await db.selectFrom('content_images').select(['name', 'data_base64']).where('subject_id', '=', subjectId).execute();
  return new Map(rows.map((i) => [`images/${i.name}`, Buffer.from(i.data_base64, 'base64')]));
}
