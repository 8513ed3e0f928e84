import { describe, expect, it } from 'vitest';
import { namedStyles, withScreen } from './page.ts';

const PAGE = [
  '<!doctype html><html><head>',
  '<style>:root{--a:1}</style><link rel="stylesheet" href="/assets/index-1.css" disabled data-inlined>',
  '<link rel="preload" as="style" crossorigin href="/assets/app-1.css">',
  '<link rel="preload" as="style" crossorigin href="/assets/read-1.css">',
  '<link rel="preload" as="style" crossorigin href="/assets/other-1.css">',
  '<link rel="modulepreload" crossorigin href="/assets/framework-1.js">',
  '<link rel="modulepreload" crossorigin href="/assets/read-1.js" data-screen>',
  '</head><body><div id="root"><div data-app-splash></div></div><noscript>JavaScript</noscript></body></html>',
].join('');

describe('withScreen (decisions 032, 048)', () => {
  const page = withScreen(PAGE, 'reader', '<main>hoofdstuk</main>', [
    { file: 'assets/app-1.css', text: '.app{color:red}' },
    { file: 'assets/read-1.css', text: '.read{color:blue}' },
    { file: 'assets/index-1.css', text: ':root{--a:1}' },
  ]);

  it('puts the screen into #root, inert, and its stylesheets inline', () => {
    expect(page).toContain('<div id="root" inert data-prerendered="reader"><main>hoofdstuk</main></div>');
    expect(page).toContain('<style data-prerendered-css>.app{color:red}\n.read{color:blue}\n:root{--a:1}</style>');
  });

  it('names each inlined file by one disabled stylesheet link and drops its preload (issue 43)', () => {
    for (const file of ['app-1.css', 'read-1.css', 'index-1.css']) {
      expect(page.split(`<link rel="stylesheet" href="/assets/${file}" disabled data-inlined>`)).toHaveLength(2);
      expect(page).not.toContain(`<link rel="preload" as="style" crossorigin href="/assets/${file}">`);
    }
    // a stylesheet it did not inline keeps its preload, and the scripts keep theirs
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/other-1.css">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/read-1.js" data-screen>');
  });

  it("asks for the screen's own code at low priority when told, never for the entry's", () => {
    const low = withScreen(PAGE, 'reader', '<main>hoofdstuk</main>', [], { lowPriorityCode: true });
    expect(low).toContain('<link rel="modulepreload" crossorigin href="/assets/read-1.js" data-screen fetchpriority="low">');
    expect(low).toContain('<link rel="modulepreload" crossorigin href="/assets/framework-1.js">');
    expect(page).not.toContain('fetchpriority');
  });

  it('reads the stylesheets a page names from its preloads', () => {
    expect(namedStyles(PAGE)).toEqual(['assets/app-1.css', 'assets/read-1.css', 'assets/other-1.css']);
  });
});
