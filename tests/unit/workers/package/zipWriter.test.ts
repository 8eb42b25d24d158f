// The merged .docx is written by zipWriter: what it writes must open in readers that trust the end
// record (LibreOffice, Word) with every entry, CRC and name as given.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../../../src/domain/zip/crc32';
import { deflateSmall } from '../../../../src/workers/package/smallParts';
import { largeDocumentWarning, mergeDocuments } from '../../../../src/workers/merge/mergeDocuments';
import {
  buildTemplate,
  identityMapping,
  LETTERHEAD_FIELDS,
  letterheadRow,
} from '../templateCorpus';
import {
  EntryBlock,
  entriesOf,
  MAX_CLASSIC_ENTRIES,
  nativeDeflatedEntry,
  writeZip,
  type ZipEntry,
} from '../../../../src/workers/package/zipWriter';

const encoder = new TextEncoder();
const stored = (name: string, text: string): ZipEntry => {
  const bytes = encoder.encode(text);
  return { name, data: bytes, method: 0, size: bytes.length, crc: crc32(bytes) };
};

function endRecord(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = bytes.length - 22;
  return {
    signature: view.getUint32(at, true),
    count: view.getUint16(at + 10, true),
    zip64Locator: view.getUint32(at - 20, true),
  };
}

describe('zipWriter', () => {
  it('writes stored and deflated entries that read back with their CRCs, names in UTF-8', () => {
    const header = `<w:hdr>${'<w:p><w:r><w:t>Tagihan INV/2024/00001</w:t></w:r></w:p>'.repeat(200)}</w:hdr>`;
    const zip = writeZip([
      stored('[Content_Types].xml', '<Types/>'),
      { name: 'word/header1_s2.xml', method: 8, ...deflateSmall(encoder.encode(header)) },
      stored('word/media/logo café.png', 'png'),
    ]);
    expect(zip.length).toBeLessThan(header.length / 4);
    const read = new PizZip(zip, { checkCRC32: true });
    expect(Object.keys(read.files)).toEqual([
      '[Content_Types].xml',
      'word/header1_s2.xml',
      'word/media/logo café.png',
    ]);
    expect(read.files['word/header1_s2.xml'].asText()).toBe(header);
    expect(read.files['word/media/logo café.png'].asText()).toBe('png');
    expect(endRecord(zip)).toMatchObject({ signature: 0x06054b50, count: 3 });
  });

  it('a 70,000-entry archive (a 25,000-section letterhead merge) ends with a ZIP64 record and opens with every entry', () => {
    const entries = Array.from({ length: 70_000 }, (_, i) =>
      stored(`word/h${i}.xml`, `<h>${i}</h>`),
    );
    const zip = writeZip(entries);
    // The classic record says "see ZIP64" (0xFFFF) rather than the count modulo 65,536 (4,464).
    expect(endRecord(zip)).toMatchObject({ count: MAX_CLASSIC_ENTRIES, zip64Locator: 0x07064b50 });
    const reopened = new PizZip(zip);
    expect(Object.keys(reopened.files)).toHaveLength(70_000);
    expect(reopened.files['word/h69999.xml'].asText()).toBe('<h>69999</h>');
  }, 60_000);

  it('entries written in place into a block follow the own entries, past ZIP64 too, each with its CRC', () => {
    const block = new EntryBlock();
    for (let i = 0; i < 70_000; i++) {
      const name = i === 5 ? 'word/header café_s5.xml' : `word/header1_s${i}.xml`;
      block.addDeflated(name, deflateSmall(encoder.encode(`<w:hdr>${i}</w:hdr>`)));
    }
    const zip = writeZip([stored('[Content_Types].xml', '<Types/>')], new Date(), block);
    expect(endRecord(zip)).toMatchObject({ count: MAX_CLASSIC_ENTRIES, zip64Locator: 0x07064b50 });
    const read = new PizZip(zip, { checkCRC32: true });
    expect(Object.keys(read.files)).toHaveLength(70_001);
    expect(read.files['[Content_Types].xml'].asText()).toBe('<Types/>');
    expect(read.files['word/header café_s5.xml'].asText()).toBe('<w:hdr>5</w:hdr>');
    expect(read.files['word/header1_s69999.xml'].asText()).toBe('<w:hdr>69999</w:hdr>');
  }, 60_000);

  it('entriesOf keeps the parts a template was read with as they were compressed, and deflates parts set since', () => {
    const source = new PizZip();
    source.file('word/styles.xml', '<w:styles/>'.repeat(50), { compression: 'DEFLATE' });
    source.file('word/document.xml', '<w:document/>', { compression: 'DEFLATE' });
    source.file('word/media/image1.png', 'raw', { compression: 'STORE' });
    const original = source.generate({ type: 'uint8array' });
    const zip = new PizZip(original);
    zip.file('word/_rels/document.xml.rels', '<Relationships/>');
    zip.file('docProps/custom.xml', '<p>Périodé 中文 😀</p>');
    const replaced = stored('word/document.xml', '<w:document>merged</w:document>');
    const entries = entriesOf(zip, new Map([['word/document.xml', replaced]]));
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['word/styles.xml', 8],
      ['word/document.xml', 0],
      ['word/media/image1.png', 0],
      ['word/_rels/document.xml.rels', 8],
      ['docProps/custom.xml', 8],
    ]);
    const styles = entries[0];
    const at = Buffer.from(original).indexOf(Buffer.from(styles.data));
    expect(at).toBeGreaterThan(0); // the very bytes of the template, not deflated again
    const read = new PizZip(writeZip(entries), { checkCRC32: true });
    expect(read.files['word/styles.xml'].asText()).toBe('<w:styles/>'.repeat(50));
    expect(read.files['word/document.xml'].asText()).toBe('<w:document>merged</w:document>');
    expect(read.files['word/_rels/document.xml.rels'].asText()).toBe('<Relationships/>');
    expect(read.files['word/media/image1.png'].asText()).toBe('raw');
    expect(read.files['docProps/custom.xml'].asText()).toBe('<p>Périodé 中文 😀</p>');
  });
});

describe('a merged document past 65,535 parts', () => {
  it('is named in a warning only past what LibreOffice opens', async () => {
    const template = buildTemplate({ letterhead: true, logo: true });
    const rows = [0, 1, 2].map(letterheadRow);
    const result = await mergeDocuments({
      template: template.slice().buffer as ArrayBuffer,
      rows,
      mapping: identityMapping(LETTERHEAD_FIELDS),
    });
    expect(result.warnings).toEqual([]);
    expect(largeDocumentWarning(65_535)).toBeNull();
    expect(largeDocumentWarning(66_008)).toBe(
      'The merged document has 66,008 parts: Word opens it, LibreOffice opens documents of at most 65,535 parts. To open it in LibreOffice, generate fewer rows at a time or one file per row.',
    );
  });
});

describe('nativeDeflatedEntry (the platform zlib, CRC from the gzip trailer)', () => {
  it('holds raw deflate of the bytes with their CRC-32 and size, and a zip of them passes zipfile -t', async () => {
    const texts = [
      '',
      'a',
      '<TaxInvoice>Rp 1.370.369,50 — Jl. Contoh ✓</TaxInvoice>\n'.repeat(5_000),
    ];
    const entries = await Promise.all(
      texts.map((text, i) => nativeDeflatedEntry(`f${i}.xml`, encoder.encode(text))),
    );
    entries.forEach((entry, i) => {
      const bytes = encoder.encode(texts[i]);
      expect(entry.method).toBe(8);
      expect(entry.size).toBe(bytes.length);
      expect(entry.crc).toBe(crc32(bytes));
      expect(new Uint8Array(inflateRawSync(entry.data))).toEqual(bytes);
    });
    // Python's zipfile checks every entry's CRC against its inflated bytes.
    const file = join(mkdtempSync(join(tmpdir(), 'native-zip-')), 'e.zip');
    writeFileSync(file, writeZip(entries));
    // It names a corrupted entry before "Done testing"; a clean archive prints only that.
    expect(execFileSync('python3', ['-m', 'zipfile', '-t', file]).toString()).toBe(
      'Done testing\n',
    );
  });
});
