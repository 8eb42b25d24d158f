// A merged document of many sections, each with its own header, as the PDF chunk tests convert it
// (tests/api/documentsPdf.chunks.test.ts, tests/api/pdfNodes.test.ts): row i's section reads
// `Invoice for Customer i Ltd`, `Amount Rp i000` and, in its header, `Header INV-00i`.
import { mergeDocuments } from '../../src/workers/merge';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';

const template = buildDocx({
  body: paragraph('Invoice for {name}') + paragraph('Amount {amount}'),
  header: paragraph('Header {number}'),
});

export const rowsOf = (count: number, name = (i: number) => `Customer ${i + 1} Ltd`) =>
  Array.from({ length: count }, (_, i) => ({
    name: name(i),
    amount: `Rp ${(i + 1) * 1000}`,
    number: `INV-${String(i + 1).padStart(3, '0')}`,
  }));

/** The merged .docx of `rows`, a section each, marked for the per-row split. */
export async function merged(rows: Record<string, string>[]): Promise<Uint8Array> {
  const result = await mergeDocuments({
    template,
    rows,
    mapping: { name: 'name', amount: 'amount', number: 'number' },
    markSections: true,
  });
  return new Uint8Array(result.bytes);
}
