import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

describe('Markdown', () => {
  it('renders a fenced code block as pre > code with its lines and indentation, and inline code as code', () => {
    const { container } = render(
      <Markdown text={'Wat print deze code met `range(4)`?\n\n```python\ntotaal = 0\nfor i in range(4):\n    totaal = totaal + i\nprint(totaal)\n```'} />,
    );
    const pre = container.querySelector('pre > code');
    expect(pre?.textContent).toBe('totaal = 0\nfor i in range(4):\n    totaal = totaal + i\nprint(totaal)');
    expect(container.querySelector('p code')?.textContent).toBe('range(4)');
    expect(container.querySelector('p')?.textContent).toBe('Wat print deze code met range(4)?');
  });

  it('shows raw HTML as text and never makes an element or an unsafe link of it', () => {
    const { container } = render(<Markdown text={'<img src=x onerror=alert(1)>Hallo <b>vet</b> [klik](javascript:alert(1)) en [bron](https://example.org) &amp; meer'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.org');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toBe('Hallo vet klik en bron & meer');
  });

  it('keeps a single line break, as the plain text did, and makes paragraphs of blank lines', () => {
    const { container } = render(<Markdown text={'Eerste regel\nTweede regel\n\nNieuwe alinea met **nadruk**'} />);
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('p br')).not.toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('nadruk');
  });

  it('renders only phrasing content (spans) inside an answer button', () => {
    const { container } = render(
      <button type="button">
        <Markdown phrasing text={'`36 / 2`\n\n```\nx = 1\n```\n\n- een\n- twee'} />
      </button>,
    );
    const button = container.querySelector('button')!;
    expect(button.querySelectorAll('p, pre, div, ul, li')).toHaveLength(0);
    expect(button.querySelector('code')?.textContent).toBe('36 / 2');
    expect(button.textContent).toContain('x = 1');
  });

  it('typesets $…$ and $$…$$ with the import\'s KaTeX module, MathML for screen readers, and leaves amounts as text', async () => {
    const { container } = render(
      <Markdown text={'Bereken $\\det(A)$ voor\n\n$$\nA = \\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}\n$$\n\nHet boek kost € 5 en $10.'} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelector('p .katex annotation')?.textContent).toBe('\\det(A)');
    const block = container.querySelector('.katex-display');
    expect(block?.querySelector('math[display="block"] mtable')).not.toBeNull();
    expect(container.textContent).toContain('Het boek kost € 5 en $10.');
  });

  it('typesets a formula in an answer (phrasing) without a block element or its own focus', async () => {
    const { container } = render(<Markdown phrasing text={'$\\frac{1}{2}$ deel'} />);
    await waitFor(() => expect(container.querySelector('.katex mfrac')).not.toBeNull());
    expect(container.querySelector('div, p, [tabindex]')).toBeNull();
  });

  it('shows a formula KaTeX cannot read as its marked source', async () => {
    const { container } = render(<Markdown text={'Fout: $\\frac{1}{$'} />);
    await waitFor(() => expect(container.querySelector('code.math-error')?.textContent).toBe('$\\frac{1}{$'));
  });
});
