// ESLint rule `blok/owned-tables` (decision 020): every table has one owning feature
// (packages/db/src/schema/<owner>.ts), and only code in the owner's folder of apps/api/src names it
// in a query (and the content import, for the catalogue tables whose file says `Imported by`); a file
// directly in apps/api/src belongs to no feature and names no table. Another feature asks the
// owner's service. What it sees: the table argument of Kysely's builders (selectFrom, insertInto,
// updateTable, deleteFrom, the joins, …), `sql.table`/`sql.id`/`sql.ref` (and `db.dynamic`'s), and
// the tables after from (and the rest of its list), join, into, update, using, table and truncate in
// a `sql` template's text or a `sql.raw` string, schema-qualified or not. A table named at run time
// (a variable or an expression where a table goes, sql.raw of anything but a written string) is
// refused everywhere, in the owner's folder too: the check can only see names written in the code.
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
/** A table's name in SQL text, optionally schema-qualified and quoted: `public."users"` -> users. */
const NAME = String.raw`(?:"?[a-z_][a-z0-9_]*"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?`;
/** Where SQL text names a table: after from/join/into/update/using/table/truncate. */
const KEYWORD = String.raw`\b(from|join|into|update|using|truncate(?:\s+table)?|table(?:\s+if\s+(?:not\s+)?exists)?)\s+`;
const SQL_TABLE = new RegExp(KEYWORD + NAME, 'gi');
/** The next table of a FROM list (`from a x, b as y, c`), read right after the previous one. */
const LIST_NEXT = new RegExp(String.raw`(?:\s+(?:as\s+)?"?[a-z_][a-z0-9_]*"?)?\s*,\s*` + NAME, 'iy');
/** Stands for an interpolated value in a `sql` template's text. */
const HOLE = '\u0000';
const AT_HOLE = new RegExp(KEYWORD + HOLE, 'gi');

/** The tables SQL text names, with the offset of each. */
function tablesInSql(text) {
  const found = [];
  for (const m of text.matchAll(SQL_TABLE)) {
    found.push({ table: m[2].toLowerCase(), index: m.index });
    if (!/^(from|using)$/i.test(m[1])) continue;
    LIST_NEXT.lastIndex = m.index + m[0].length;
    for (let next = LIST_NEXT.exec(text); next; next = LIST_NEXT.exec(text)) found.push({ table: next[1].toLowerCase(), index: next.index });
  }
  return found;
}

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

/** The table a builder's argument names: `public.users as u` -> users. */
const tableOf = (value) => value.split(/\s+as\s+/i)[0].trim().split('.').pop().replace(/"/g, '').toLowerCase();

/** The text of a string literal or a template without `${}`; null for anything computed. */
function staticText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? '';
  if (node && /^TS(As|NonNull|Satisfies)Expression$/.test(node.type)) return staticText(node.expression);
  return null;
}
const unwrap = (node) => (node && /^TS(As|NonNull|Satisfies)Expression$/.test(node.type) ? unwrap(node.expression) : node);

/** `sql.raw(…)`, `sql.table(…)`, `sql.id(…)`, `sql.ref(…)`, `db.dynamic.table(…)`, `eb.table(…)`: the helper's name, else null. */
function sqlHelper(node) {
  node = unwrap(node);
  if (node?.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier') return null;
  const object = node.callee.object;
  const name = node.callee.property.name;
  if (object.type === 'Identifier' && object.name === 'sql' && ['raw', 'table', 'id', 'ref'].includes(name)) return name;
  const dynamic = object.type === 'MemberExpression' && object.property.type === 'Identifier' && object.property.name === 'dynamic';
  if (dynamic && ['table', 'ref'].includes(name)) return name;
  if (object.type === 'Identifier' && object.name === 'eb' && name === 'table') return name;
  return null;
}

/** Whether a call is one of the values of a `sql` template. */
const inSqlTemplate = (node) =>
  node.parent?.type === 'TemplateLiteral' && node.parent.parent?.type === 'TaggedTemplateExpression' && node.parent.parent.tag.type === 'Identifier' && node.parent.parent.tag.name === 'sql';

export const ownedTables = {
  meta: {
    type: 'problem',
    docs: { description: "Only a table's owning feature names it in a query, by a name written in the code (decision 020)." },
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
      dynamic:
        'A table named at run time ({{what}}) escapes the check of who owns it: write the table as a string in the code, one query per table (decision 020).',
    },
  },
  create(context) {
    const { root, schemaDir, allowed = [] } = context.options[0];
    const path = relative(root, context.filename).split(sep).join('/');
    if (!path.startsWith('apps/api/src/')) return {};
    // a file directly in apps/api/src (app.ts, env.ts, errors.ts, server.ts) belongs to no feature: it owns no table
    const folder = /^apps\/api\/src\/([^/]+)\//.exec(path)?.[1] ?? null;
    const where = folder ?? `apps/api/src/${basename(path)} (in no feature's folder)`;
    const owners = readOwners(schemaDir);
    const check = (node, table, loc) => {
      const owner = owners.get(table);
      if (!owner || (folder && (owner.folders.includes(folder) || owner.importers.includes(folder)))) return;
      if (allowed.some((a) => a.folder === folder && a.table === table)) return;
      context.report({ node, loc, messageId: 'foreign', data: { table, owners: owner.folders.join(' and '), file: owner.file, folder: where } });
    };
    const dynamic = (node, what) => context.report({ node, messageId: 'dynamic', data: { what } });
    const source = context.sourceCode ?? context.getSourceCode();
    const described = (node) => {
      const text = source.getText(node).replace(/\s+/g, ' ');
      return text.length > 40 ? `${text.slice(0, 37)}…` : text;
    };
    /** SQL text (a `sql` template's or sql.raw's) with the node each stretch came from. */
    const checkSql = (stretches) => {
      const text = stretches.map((s) => s.text).join('');
      const nodeAt = (index) => {
        let offset = 0;
        for (const s of stretches) {
          if (index < offset + s.text.length) return s;
          offset += s.text.length;
        }
        return stretches[stretches.length - 1];
      };
      for (const { table, index } of tablesInSql(text)) {
        const stretch = nodeAt(index);
        check(stretch.node, table);
      }
      for (const m of text.matchAll(AT_HOLE)) {
        const stretch = nodeAt(m.index + m[0].length - 1);
        // sql.table / sql.id in a table's place are checked as calls; anything else there is a name made at run time
        if (!['table', 'id', 'raw'].includes(sqlHelper(stretch.node))) dynamic(stretch.node, described(stretch.node));
      }
    };
    const checkArgument = (node) => {
      node = unwrap(node);
      if (!node) return;
      const text = staticText(node);
      if (text !== null) check(node, tableOf(text));
      else if (node.type === 'ArrayExpression') node.elements.forEach(checkArgument);
      else if (node.type === 'ConditionalExpression') [node.consequent, node.alternate].forEach(checkArgument);
      // a subquery: a callback, or an aliased query or expression (`….as('x')`), whose own tables are checked where they are named
      else if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return;
      else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier' && node.callee.property.name === 'as') return;
      else dynamic(node, described(node));
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const helper = sqlHelper(node);
        if (helper === 'raw') {
          const text = staticText(node.arguments[0]);
          // raw SQL made at run time may name any table; a written one inside a `sql` template is read with the template's text
          if (text === null) dynamic(node, described(node));
          else if (!inSqlTemplate(node)) checkSql([{ text, node: node.arguments[0] }]);
        } else if (helper === 'table') checkArgument(node.arguments[0]);
        else if (helper === 'id' || helper === 'ref') {
          const parts = node.arguments.map(staticText);
          if (parts.length === 0 || parts.includes(null)) return dynamic(node, described(node));
          // sql.id('public', 'users'), sql.id('users', 'email'); sql.ref('users.email'), sql.ref('public.users.email')
          const names = helper === 'id' ? parts : parts[0].split('.').slice(0, -1).slice(-1);
          for (const name of names) check(node, tableOf(name));
        } else if (TABLE_METHODS.has(callee.property.name)) checkArgument(node.arguments[0]);
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const stretches = [];
        node.quasi.quasis.forEach((quasi, i) => {
          stretches.push({ text: quasi.value.cooked ?? '', node: quasi });
          const expression = node.quasi.expressions[i];
          if (!expression) return;
          // sql.raw('…') in the text reads as part of it; any other value is a hole (a raw one made at run time is refused as a call)
          const raw = sqlHelper(expression) === 'raw' ? staticText(unwrap(expression).arguments[0]) : null;
          stretches.push({ text: raw ?? HOLE, node: expression });
        });
        checkSql(stretches);
      },
    };
  },
};

export default { rules: { 'owned-tables': ownedTables } };
