import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { MAX_CLASSIC_ENTRIES, withZip64End } from '../../../src/workers/zip64';
import { deflatedOnce, SMALL_PART_OPTIONS } from '../../../src/workers/smallParts';

function zipOf(entries: number): Uint8Array {
  const zip = new PizZip();
  for (let i = 0; i < entries; i++) zip.file(`word/h${i}.xml`, `<h>${i}</h>`, { compression: 'STORE' });
  return zip.generate({ type: 'uint8array' });
}

const eocdCount = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint16(bytes.length - 22 + 10, true);
};

describe('zip archives with more entries than the classic end record counts', () => {
  it('a 70,000-entry archive (a 25,000-section letterhead merge) opens with every entry', () => {
    const plain = zipOf(70_000);
    // pizzip writes the count modulo 65,536: readers that trust it would see 4,464 entries.
    expect(eocdCount(plain)).toBe(70_000 - 65_536);
    const fixed = withZip64End(plain, 70_000);
    expect(eocdCount(fixed)).toBe(MAX_CLASSIC_ENTRIES);
    const reopened = new PizZip(fixed);
    expect(Object.keys(reopened.files)).toHaveLength(70_000);
    expect(reopened.files['word/h69999.xml'].asText()).toBe('<h>69999</h>');
  }, 60_000);

  it('leaves an archive the classic record can count as it is', () => {
    const small = zipOf(10);
    expect(withZip64End(small, 10)).toBe(small);
  });

  it('parts packed with the small-part deflate read back as written', () => {
    // pizzip still has the compression registry the small-part deflate registers in.
    expect(SMALL_PART_OPTIONS).toEqual({ compression: 'DEFLATE_SMALL_PART' });
    const zip = new PizZip();
    const text = `<w:hdr>${'<w:p><w:r><w:t>Tagihan INV/2024/00001</w:t></w:r></w:p>'.repeat(200)}</w:hdr>`;
    zip.file('word/header1_s2.xml', text, SMALL_PART_OPTIONS);
    const bytes = zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
    expect(bytes.length).toBeLessThan(text.length / 4);
    expect(new PizZip(bytes).files['word/header1_s2.xml'].asText()).toBe(text);
  });

  it('a part deflated once is written into every copy and each copy reads back', () => {
    const rels = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/logo.png"/></Relationships>';
    const shared = deflatedOnce(new TextEncoder().encode(rels));
    expect(shared).not.toBeInstanceOf(Uint8Array);
    const zip = new PizZip();
    for (let i = 2; i <= 4; i++) zip.file(`word/_rels/header1_s${i}.xml.rels`, shared);
    const reopened = new PizZip(zip.generate({ type: 'uint8array', compression: 'DEFLATE' }));
    for (let i = 2; i <= 4; i++) expect(reopened.files[`word/_rels/header1_s${i}.xml.rels`].asText()).toBe(rels);
  });
});
