import { describe, expect, it } from 'vitest';
import { assemblePdf, makePdf, pdfClaimingPages } from '../../test/courses/pdf-maker.ts';
import { largestClaimedCount, looksLikePdf } from './pdf-check.ts';

describe('the PDF check before pdf.js (issue 41)', () => {
  it("reads the page count a page tree claims, and not an outline's count of open entries", () => {
    expect(largestClaimedCount(makePdf(['een', 'twee', 'drie']))).toBe(3);
    expect(largestClaimedCount(pdfClaimingPages(1_000_000))).toBe(1_000_000);
    const withOutline = assemblePdf([
      '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      '<< /Length 0 >>\nstream\n\nendstream',
      '<< /Type /Outlines /Count 5000 >>',
    ]);
    expect(largestClaimedCount(withOutline)).toBe(1);
  });

  it('knows a PDF by its first bytes', () => {
    expect(looksLikePdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(Buffer.from('<html>'))).toBe(false);
    expect(looksLikePdf(Buffer.from('%PD'))).toBe(false);
  });
});
