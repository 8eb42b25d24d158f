// A long merged document is cut into chunks of sections for the converter (src/server/pdf/chunks.ts,
// docs/pdf-chunks.md): each chunk is a package Word and LibreOffice can open on its own, holding
// its sections' text and exactly the header and footer parts those sections use.
import PizZip from 'pizzip';
import { expect, test } from 'vitest';
import { cutDocx, type DocxChunk } from '../../../src/server/pdf/chunks';
import { mergeDocuments } from '../../../src/workers/merge';
import { buildDocx, paragraph } from '../workers/docxBuilder';

const template = buildDocx({
  body: paragraph('Invoice for {name}'),
  header: paragraph('Header {number}'),
  footer: paragraph('Footer {number}'),
});

const rows = Array.from({ length: 7 }, (_, i) => ({
  name: `Customer ${i + 1}`,
  number: `N${i + 1}`,
}));

test('each chunk holds its sections and only the header and footer parts they use', async () => {
  const merged = await mergeDocuments({
    template,
    rows,
    mapping: { name: 'name', number: 'number' },
    markSections: true,
  });
  const { chunks } = cutDocx(new Uint8Array(merged.bytes), 3) as { chunks: DocxChunk[] };
  expect(chunks.map((c) => [c.first, c.last])).toEqual([
    [1, 3],
    [4, 6],
    [7, 7],
  ]);
  for (const chunk of chunks) {
    const zip = new PizZip(chunk.bytes);
    const document = zip.file('word/document.xml')!.asText();
    const mine = rows.slice(chunk.first - 1, chunk.last);
    const others = rows.filter((row) => !mine.includes(row));
    for (const row of mine) expect(document).toContain(row.name);
    for (const row of others) expect(document).not.toContain(`${row.name}<`);

    // Every header and footer part in the chunk belongs to one of its rows, and each of its rows has both.
    const parts = Object.keys(zip.files).filter((name) =>
      /^word\/(header|footer)[^/]*\.xml$/.test(name),
    );
    const texts = parts.map((name) => zip.file(name)!.asText());
    for (const row of mine) {
      expect(texts.filter((t) => t.includes(`Header ${row.number}<`))).toHaveLength(1);
      expect(texts.filter((t) => t.includes(`Footer ${row.number}<`))).toHaveLength(1);
    }
    expect(parts).toHaveLength(mine.length * 2);

    // Every reference resolves: r:id → relationship → part, and every override names a part.
    const rels = zip.file('word/_rels/document.xml.rels')!.asText();
    for (const [, id] of document.matchAll(/\br:id="([^"]*)"/g)) {
      const target = new RegExp(
        `Id="${id}"[^>]*Target="([^"]*)"|Target="([^"]*)"[^>]*Id="${id}"`,
      ).exec(rels);
      expect(target, id).not.toBeNull();
      expect(zip.file(`word/${target![1] ?? target![2]}`), id).not.toBeNull();
    }
    const types = zip.file('[Content_Types].xml')!.asText();
    for (const [, part] of types.matchAll(/PartName="\/([^"]*)"/g))
      expect(zip.file(part), part).not.toBeNull();
    for (const part of parts) expect(types).toContain(`PartName="/${part}"`);
  }
});
