// Validates content folders without touching a database: node --import tsx packages/content/src/validate-cli.ts <folder>
import { ContentError, describeProblem, listSubjectFolders, loadSubjectFolder, DEMO_COURSES_DIR } from './load.ts';

const root = process.argv[2] ?? DEMO_COURSES_DIR;
let failed = false;
for (const dir of listSubjectFolders(root)) {
  try {
    const s = loadSubjectFolder(dir);
    const words = s.summaries.flatMap((x) => x.chapters).map((c) => `${c.id}:${c.wordCount}`);
    const questions = s.questionLists.reduce((n, l) => n + l.questions.length, 0);
    console.log(`OK ${s.manifest.id}: ${s.questionLists.length} lists, ${questions} questions, chapters ${words.join(' ')}`);
    for (const w of s.warnings) console.warn(`  waarschuwing: ${describeProblem(w)}`);
  } catch (err) {
    failed = true;
    if (err instanceof ContentError) console.error(`FOUT in ${dir}:\n${err.message}`);
    else throw err;
  }
}
process.exit(failed ? 1 : 0);
