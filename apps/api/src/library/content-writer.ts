import type { LoadedSubject } from '@blok/content/load';
import { plainText } from '@blok/domain/markup';
import { subjectSearchText } from '@blok/domain/search';
import { renderChapterHtml, sanitizeInline } from '../content/render.ts';
import { foreignIds, type ElsewhereQueries, type LibraryContentWriter } from '../content/writers.ts';

/*
 * The library's part of the content import (decision 041): the catalogue's subjects, their
 * audiences and images, summaries and chapters, written on the import's transaction. The importer
 * (content/importer.ts) says when; this file says how.
 */

const MIME: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** Where each kind of id lives: one query per table, each naming its table (decision 020). */
const ELSEWHERE: ElsewhereQueries = {
  samenvatting: (db, ids, subjectId) => db.selectFrom('summaries').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  hoofdstuk: (db, ids, subjectId) => db.selectFrom('chapters').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
};

export const libraryContentWriter: LibraryContentWriter = {
  idsOfOtherSubjects: (db, subjectId, claims) => foreignIds(ELSEWHERE, db, subjectId, claims),

  async storedHash(db, subjectId) {
    return (await db.selectFrom('subjects').select('content_hash').where('id', '=', subjectId).executeTakeFirst())?.content_hash;
  },

  async write(trx, s: LoadedSubject, { hash, images }) {
    const id = s.manifest.id;
    const ts = new Date().toISOString();
    await trx
      .insertInto('subjects')
      .values({ id, title: s.manifest.title, description: s.manifest.description, search_text: subjectSearchText(s.manifest), content_hash: hash, created_at: ts, updated_at: ts })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ title: s.manifest.title, description: s.manifest.description, search_text: subjectSearchText(s.manifest), content_hash: hash, updated_at: ts }),
      )
      .execute();

    await trx.deleteFrom('subject_audiences').where('subject_id', '=', id).execute();
    for (const a of s.manifest.audiences) {
      await trx.insertInto('subject_audiences').values({ subject_id: id, study: a.study, year: a.year }).onConflict((oc) => oc.doNothing()).execute();
    }

    await trx.deleteFrom('content_images').where('subject_id', '=', id).execute();
    for (const [path, data] of images) {
      const name = path.replace(/^images\//, '');
      const ext = name.split('.').pop()!.toLowerCase();
      await trx
        .insertInto('content_images')
        .values({ subject_id: id, name, mime: MIME[ext] ?? 'application/octet-stream', data_base64: data.toString('base64') })
        .execute();
    }

    for (const [si, summary] of s.summaries.entries()) {
      const srow = { subject_id: id, title: summary.title, source: summary.source, description: summary.description, sort_index: si };
      await trx.insertInto('summaries').values({ id: summary.id, ...srow }).onConflict((oc) => oc.column('id').doUpdateSet(srow)).execute();
      let offset = 0;
      for (const [ci, c] of summary.chapters.entries()) {
        const crow = {
          summary_id: summary.id,
          subject_id: id,
          title: sanitizeInline(c.title),
          priority: c.priority,
          sort_index: ci,
          start_index: offset,
          end_index: offset + c.wordCount,
          start_page: c.startPage,
          end_page: c.endPage,
          access: c.access,
          question_list_id: c.questionList ?? null,
          markdown: c.markdown,
          html: renderChapterHtml(c.markdown, id),
          word_count: c.wordCount,
        };
        offset += c.wordCount;
        if (plainText(crow.title) === '') continue; // never stored, never shown (validation already refuses it)
        await trx.insertInto('chapters').values({ id: c.id, ...crow }).onConflict((oc) => oc.column('id').doUpdateSet(crow)).execute();
      }
    }
  },

  async removeStale(trx, s) {
    const id = s.manifest.id;
    const summaryIds = s.summaries.map((x) => x.id);
    const chapterIds = s.summaries.flatMap((x) => x.chapters.map((c) => c.id));
    await trx.deleteFrom('chapters').where('subject_id', '=', id).where('id', 'not in', chapterIds).execute();
    await trx.deleteFrom('summaries').where('subject_id', '=', id).where('id', 'not in', summaryIds).execute();
  },

  /**
   * Stores one image of a subject beside its imported ones (content_images), where the reader serves
   * it and every later release of the subject carries it (the studio's uploads, decision 030). The
   * same name again is a no-op: names are made from the bytes.
   */
  async addImage(trx, subjectId, name, mime, data) {
    await trx
      .insertInto('content_images')
      .values({ subject_id: subjectId, name, mime, data_base64: data.toString('base64') })
      .onConflict((oc) => oc.columns(['subject_id', 'name']).doNothing())
      .execute();
  },
};
