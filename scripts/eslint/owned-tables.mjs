// ESLint rule `blok/owned-tables` (decision 020): every table has one owning feature
// (packages/db/src/schema/<owner>.ts), and only code in the owner's folder of apps/api/src names it
// in a query (and the content import, for the catalogue tables whose file says `Imported by`). Another feature asks the owner's service. What it sees: the table argument of
// Kysely's builders (selectFrom, insertInto, updateTable, deleteFrom, the joins, …, `sql.table`)
// and the table after from/join/into/update/table in a `sql` template's text.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';

const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'using',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);
const SQL_TABLE = /\b(?:from|join|into|update|table(?:\s+if\s+(?:not\s+)?exists)?)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * The owners of every table, read from packages/db/src/schema/<file>.ts: the tables named in the
 * file's `<Owner>Tables` interface, owned by the folders its `// Owner:` line names.
 */
export function readOwners(schemaDir) {
  const owners = new Map();
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(schemaDir, file), 'utf8');
    const ownerLine = /^\/\/ Owner: (.*)$/m.exec(text);
    const folders = ownerLine ? [...ownerLine[1].matchAll(/apps\/api\/src\/([a-z-]+)/g)].map((m) => m[1]) : [];
    // the content import writes the catalogue tables of library, questions and flashcards:
    // `// Imported by: apps/api/src/content, the catalogue's tables a, b` (the line and the next)
    const imported = /^\/\/ Imported by: apps\/api\/src\/([a-z-]+), the catalogue's tables ([a-z0-9_, ]+)$/m.exec(text);
    const importedTables = new Set(imported ? imported[2].split(',').map((t) => t.trim()) : []);
    const tables = /export interface \w+Tables \{([^}]*)\}/.exec(text);
    if (folders.length === 0 || !tables) throw new Error(`${file}: needs an "// Owner: apps/api/src/<folder>" line and an <Owner>Tables interface`);
    for (const m of tables[1].matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm)) {
      owners.set(m[1], { folders, importers: importedTables.has(m[1]) ? [imported[1]] : [], file: basename(file) });
    }
  }
  return owners;
}

const tableOf = (value) => (typeof value === 'string' ? value.split(/\s+as\s+/i)[0].trim() : null);

export const ownedTables = {
  meta: {
    type: 'problem',
    docs: { description: "Only a table's owning feature names it in a query (decision 020)." },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          schemaDir: { type: 'string' },
          /** crossings still to be removed: { folder, table, reason } */
          allowed: { type: 'array', items: { type: 'object' } },
        },
        required: ['root', 'schemaDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      foreign: "`{{table}}` belongs to {{owners}} (packages/db/src/schema/{{file}}): {{folder}} does not name it in a query; ask the owner's service (decision 020).",
    },
  },
  create(context) {
    const { root, schemaDir, allowed = [] } = context.options[0];
    const path = relative(root, context.filename).split(sep).join('/');
    const match = /^apps\/api\/src\/([^/]+)\//.exec(path);
    if (!match) return {};
    const folder = match[1];
    const owners = readOwners(schemaDir);
    const check = (node, table) => {
      const owner = owners.get(table);
      if (!owner || owner.folders.includes(folder) || owner.importers.includes(folder)) return;
      if (allowed.some((a) => a.folder === folder && a.table === table)) return;
      context.report({ node, messageId: 'foreign', data: { table, owners: owner.folders.join(' and '), file: owner.file, folder } });
    };
    const checkArgument = (node) => {
      if (!node) return;
      if (node.type === 'Literal') check(node, tableOf(node.value));
      else if (node.type === 'TemplateLiteral' && node.expressions.length === 0) check(node, tableOf(node.quasis[0].value.cooked));
      else if (node.type === 'ArrayExpression') node.elements.forEach(checkArgument);
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        if (TABLE_METHODS.has(name) || (name === 'table' && callee.object.type === 'Identifier' && callee.object.name === 'sql')) checkArgument(node.arguments[0]);
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        for (const quasi of node.quasi.quasis) {
          for (const m of (quasi.value.cooked ?? '').matchAll(SQL_TABLE)) check(quasi, m[1]);
        }
      },
    };
  },
};

export default { rules: { 'owned-tables': ownedTables } };
