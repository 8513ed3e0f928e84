/**
 * Small PDFs written byte by byte for the tests (a real PDF 1.4 file with a correct xref table, one
 * line of Helvetica text per page), and hostile ones made the same way. Chromium prints real PDFs
 * in the browser test; these keep the API tests fast and exact.
 */

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

/** Joins numbered objects into a PDF with an xref table; `objects[i]` is object i + 1. */
export function assemblePdf(objects: string[], options: { rootObject?: number; trailerExtra?: string } = {}): Buffer {
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${options.rootObject ?? 1} 0 R ${options.trailerExtra ?? ''}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF with one page per text (Latin-1 text, e.g. "café"). */
export function makePdf(pages: string[]): Buffer {
  const objects: string[] = [];
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pages.forEach((text, i) => {
    const stream = `BT /F1 18 Tf 50 700 Td (${escapeText(text)}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  return assemblePdf(objects);
}

/** A one-page PDF whose page tree claims `count` pages. */
export function pdfClaimingPages(count: number): Buffer {
  const stream = 'BT /F1 18 Tf 50 700 Td (Een) Tj ET';
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [4 0 R] /Count ${count} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ]);
}

/** A PDF whose page's content is an array nested `depth` deep, without end for a parser that recurses. */
export function pdfNestedWithoutEnd(depth: number): Buffer {
  const nested = '['.repeat(depth) + ']'.repeat(depth);
  const stream = 'BT /F1 18 Tf 50 700 Td (Diep) Tj ET';
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Nest ${nested} >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ]);
}

/** A page tree whose Kids point back at itself: a walk that follows it never ends. */
export function pdfWithCyclicPageTree(): Buffer {
  return assemblePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>']);
}

/** A PDF with an OpenAction that runs JavaScript (never run, never served as something that runs). */
export function pdfWithJavaScript(text: string): Buffer {
  const stream = `BT /F1 18 Tf 50 700 Td (${escapeText(text)}) Tj ET`;
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /S /JavaScript /JS (app.alert\\("hoi"\\)) >>',
  ]);
}

/**
 * A reader as printers write one: its page tree in nodes of ten pages (each with its /Count, so a
 * reader finds a page without reading every other), each page's dictionary beside its content.
 */
export function makeReader(pages: string[]): Buffer {
  const nodes = Math.ceil(pages.length / 10);
  const firstNode = 4;
  const firstPage = firstNode + nodes;
  const pageId = (i: number) => firstPage + i * 2;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: nodes }, (_, n) => `${firstNode + n} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  for (let n = 0; n < nodes; n++) {
    const kids = pages.slice(n * 10, n * 10 + 10).map((_, k) => `${pageId(n * 10 + k)} 0 R`);
    objects.push(`<< /Type /Pages /Parent 2 0 R /Kids [${kids.join(' ')}] /Count ${kids.length} >>`);
  }
  pages.forEach((text, i) => {
    const stream = `BT /F1 18 Tf 50 700 Td (${escapeText(text)}) Tj ET`;
    objects.push(`<< /Type /Page /Parent ${firstNode + Math.floor(i / 10)} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  return assemblePdf(objects);
}
