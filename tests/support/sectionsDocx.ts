// A merged document of many sections, each with its own header, as the PDF chunk tests convert it
// (tests/api/documentsPdf.chunks.test.ts, tests/api/pdfNodes.test.ts): row i's section reads
// `Invoice for Customer i Ltd`, `Amount Rp i000` and, in its header, `Header INV-00i`.
import { mergeDocuments } from '../../src/workers/merge';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';

const template = buildDocx({
  body: paragraph('Invoice for {name}') + paragraph('Amount {amount}'),
  header: paragraph('Header {number}'),
});

/** The same invoice under a heading of its own (outline level 0): `Invoice INV-00i`. */
const headed = buildDocx({
  body:
    '<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:r><w:t>Invoice {number}</w:t></w:r></w:p>' +
    paragraph('Invoice for {name}') +
    paragraph('Amount {amount}'),
  header: paragraph('Header {number}'),
});

export const rowsOf = (count: number, name = (i: number) => `Customer ${i + 1} Ltd`) =>
  Array.from({ length: count }, (_, i) => ({
    name: name(i),
    amount: `Rp ${(i + 1) * 1000}`,
    number: `INV-${String(i + 1).padStart(3, '0')}`,
  }));

/**
 * The merged .docx of `rows`, a section each, marked for the per-row split; `withHeading`: each
 * section starts with a heading of the template's own.
 */
export async function merged(
  rows: Record<string, string>[],
  { withHeading = false } = {},
): Promise<Uint8Array> {
  const result = await mergeDocuments({
    template: withHeading ? headed : template,
    rows,
    mapping: { name: 'name', amount: 'amount', number: 'number' },
    markSections: true,
  });
  return new Uint8Array(result.bytes);
}
