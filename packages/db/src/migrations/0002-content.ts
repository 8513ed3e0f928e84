import type { Kysely } from 'kysely';

/** Course content (subjects, summaries, chapters, images, question lists, questions, answers) and the user's library. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subject_audiences')
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('study', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subject_audiences_pk', ['subject_id', 'study', 'year'])
    .execute();
  await db.schema.createIndex('subject_audiences_study_idx').on('subject_audiences').columns(['study', 'year']).execute();

  await db.schema
    .createTable('summaries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('summaries_subject_idx').on('summaries').column('subject_id').execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('summary_id', 'text', (c) => c.notNull().references('summaries.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('start_index', 'integer', (c) => c.notNull())
    .addColumn('end_index', 'integer', (c) => c.notNull())
    .addColumn('start_page', 'integer', (c) => c.notNull())
    .addColumn('end_page', 'integer', (c) => c.notNull())
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('question_list_id', 'text')
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chapters_summary_idx').on('chapters').columns(['summary_id', 'sort_index']).execute();

  await db.schema
    .createTable('content_images')
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    /** base64: one column type that both dialects store alike */
    .addColumn('data_base64', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_images_pk', ['subject_id', 'name'])
    .execute();

  await db.schema
    .createTable('question_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('answer_displaying', 'integer', (c) => c.notNull())
    .addColumn('recommended_questions', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'text')
    .execute();
  await db.schema.createIndex('question_lists_subject_idx').on('question_lists').columns(['subject_id', 'sort_index']).execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_list_id', 'text', (c) => c.notNull().references('question_lists.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('question_text', 'text', (c) => c.notNull())
    .addColumn('picture', 'text')
    .addColumn('feedback_text', 'text', (c) => c.notNull())
    .addColumn('feedback_picture', 'text')
    .addColumn('model_answer', 'text')
    .addColumn('recommended', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_list_idx').on('questions').columns(['question_list_id', 'sort_index']).execute();

  await db.schema
    .createTable('answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('answer_text', 'text', (c) => c.notNull())
    .addColumn('is_correct', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('answers_question_idx').on('answers').columns(['question_id', 'sort_index']).execute();

  // The user's library: subjects she added beyond her study's, or hid from it.
  await db.schema
    .createTable('library_entries')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('library_entries_pk', ['user_id', 'subject_id'])
    .execute();

  // Where the user is in a summary: last chapter and scroll position (0..1).
  await db.schema
    .createTable('reading_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('summary_id', 'text', (c) => c.notNull().references('summaries.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text', (c) => c.notNull())
    .addColumn('position', 'real', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_progress_pk', ['user_id', 'summary_id'])
    .execute();

  // Chapters the user has read to the end (drives progress in the library).
  await db.schema
    .createTable('chapter_reads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chapter_reads_pk', ['user_id', 'chapter_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['chapter_reads', 'reading_progress', 'library_entries', 'answers', 'questions', 'question_lists', 'content_images', 'chapters', 'summaries', 'subject_audiences', 'subjects']) {
    await db.schema.dropTable(t).execute();
  }
}
