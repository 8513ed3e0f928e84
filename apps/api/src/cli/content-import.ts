// npm run content:import -- [--dry-run] [--force] <folder>
// Validates a content folder (one subject, or a folder of subjects) and loads it idempotently.
import { ContentError, describeProblem } from '@blok/content/load';
import { migrateToLatest, openDatabase, type Executor } from '@blok/db';
import { loadEnv } from '../env.ts';
import { contentWarnings, importContent, loadContent } from '../content/importer.ts';
import { forgetOutdatedAnswers } from '../plan/service.ts';
import { forgetStandingBuilds } from '../standing/service.ts';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const force = args.includes('--force');
  const folder = args.find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('Gebruik: npm run content:import -- [--dry-run] [--force] <map>');
    return 2;
  }
  try {
    if (dryRun) {
      const subjects = loadContent(folder);
      for (const s of subjects) console.log(`geldig: ${s.manifest.id}`);
      for (const w of contentWarnings(subjects)) console.warn(`  waarschuwing: ${describeProblem(w)}`);
      return 0;
    }
    const env = loadEnv();
    const handle = await openDatabase({ url: env.DATABASE_URL });
    try {
      await migrateToLatest(handle.db);
      // answers to changed questions no longer count: the plan and the standing build her figures again
      const onOutdated = async (tx: Executor, subjectId: string, questionIds: readonly string[]) => {
        await forgetOutdatedAnswers(tx, subjectId, questionIds);
        await forgetStandingBuilds(tx, subjectId, questionIds);
      };
      const report = await importContent(handle.db, folder, { force, dialect: handle.dialect, onOutdated });
      for (const s of report.subjects) {
        console.log(`${s.status === 'imported' ? 'geïmporteerd' : 'ongewijzigd'}: ${s.id} (${s.chapters} hoofdstukken, ${s.questionLists} vragenlijsten, ${s.questions} vragen${s.flashcardSets ? `, ${s.flashcardSets} flashcardsets, ${s.flashcards} flashcards` : ''})`);
      }
      for (const w of report.warnings) console.warn(`  waarschuwing: ${describeProblem(w)}`);
    } finally {
      await handle.close();
    }
    return 0;
  } catch (err) {
    if (err instanceof ContentError) {
      console.error('Import geweigerd, er is niets gewijzigd:');
      for (const p of err.problems) console.error(`  ${describeProblem(p)}`);
      return 1;
    }
    throw err;
  }
}

main().then((code) => process.exit(code), (err) => {
  console.error(err);
  process.exit(1);
});
