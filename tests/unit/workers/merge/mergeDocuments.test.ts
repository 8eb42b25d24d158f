import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { mergeDocuments, type MergeProgress } from '../../../../src/workers/merge/mergeDocuments';
import { readWorkbook } from '../../../support/readWorkbook';
import { assertWellFormed, buildDocx, fixture, paragraph, textOf } from '../docxBuilder';

const template = () =>
  buildDocx({
    body: `${paragraph('Kepada {nama}')}<w:p><w:r><w:t>Alamat: {ala</w:t></w:r><w:r><w:t>mat}</w:t></w:r></w:p>${paragraph('Catatan: {catatan}')}`,
    header: paragraph('Tagihan {nomor}'),
    footer: paragraph('Kota {kota}'),
  });

const mapping = {
  nama: 'Nama',
  alamat: 'Alamat',
  catatan: 'Catatan',
  nomor: 'Nomor',
  kota: 'Kota',
};

const rows = [
  { Nama: 'Budi', Alamat: 'Jl. Mawar 1', Catatan: 'baris satu', Nomor: 'INV-1', Kota: 'Bandung' },
  { Nama: 'Sari', Alamat: 'Jl. Melati 2', Catatan: '', Nomor: 'INV-2', Kota: 'Surabaya' },
  { Nama: '—', Alamat: '-', Catatan: '  ', Nomor: 'INV-X', Kota: '' },
  { Nama: 'Tono', Alamat: 'Jl. Kenanga 3', Catatan: 'baris\nempat', Nomor: 'INV-4', Kota: 'Medan' },
];

interface Opened {
  zip: PizZip;
  document: string;
  /** Text of each section in order, split at the section breaks. */
  sections: string[];
  /** The header and footer text each section shows, resolved through its sectPr and the rels. */
  headers: string[];
  footers: string[];
}

function open(buffer: ArrayBuffer): Opened {
  const zip = new PizZip(buffer);
  for (const file of zip.file(/\.(xml|rels)$/)) assertWellFormed(file.asText(), file.name);
  const document = zip.file('word/document.xml')!.asText();
  const rels = zip.file('word/_rels/document.xml.rels')!.asText();
  const target = (id: string) => new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
  const sectPrs = [...document.matchAll(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g)].map((m) => m[0]);
  const partText = (sectPr: string, kind: 'header' | 'footer') => {
    const id = new RegExp(`<w:${kind}Reference [^>]*r:id="([^"]+)"`).exec(sectPr)?.[1];
    return id ? textOf(zip.file(`word/${target(id)}`)!.asText()) : '';
  };
  const body = document.slice(document.indexOf('<w:body>'), document.indexOf('</w:body>'));
  return {
    zip,
    document,
    sections: body
      .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
      .slice(0, -1)
      .map(textOf),
    headers: sectPrs.map((s) => partText(s, 'header')),
    footers: sectPrs.map((s) => partText(s, 'footer')),
  };
}

describe('mergeDocuments', () => {
  it('makes one section per row with enough data and counts the skipped rows', async () => {
    const result = await mergeDocuments({
      template: template(),
      rows,
      mapping,
      now: new Date(2025, 0, 9, 23, 30),
    });
    expect(result.count).toBe(3);
    expect(result.skipped).toBe(1);
    expect(result.fileName).toBe('Merged_Invoices_2025-01-09.docx');
    const { sections } = open(result.bytes);
    expect(sections).toEqual([
      'Kepada BudiAlamat: Jl. Mawar 1Catatan: baris satu',
      'Kepada SariAlamat: Jl. Melati 2Catatan: ',
      'Kepada TonoAlamat: Jl. Kenanga 3Catatan: barisempat',
    ]);
  });

  it('separates sections by next-page section breaks: sections − 1 of them, none after the last', async () => {
    const { bytes: buffer, count: sections } = await mergeDocuments({
      template: template(),
      rows,
      mapping,
    });
    const { document } = open(buffer);
    const breaks = document.match(/<w:pPr>(?:(?!<\/w:pPr>)[\s\S])*<w:sectPr\b/g) ?? [];
    expect(breaks).toHaveLength(sections - 1);
    const allSectPrs = document.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g) ?? [];
    expect(allSectPrs).toHaveLength(sections);
    expect(allSectPrs.every((s) => s.includes('<w:type w:val="nextPage"/>'))).toBe(true);
    // The last section is closed by the body's own sectPr, right before </w:body>.
    expect(document).toMatch(/<\/w:sectPr><\/w:body><\/w:document>$/);
    expect(document).not.toContain('w:type="page"');
  });

  it('fills headers and footers per section, as Word mail merge does', async () => {
    const { bytes: buffer } = await mergeDocuments({ template: template(), rows, mapping });
    const { headers, footers, zip } = open(buffer);
    expect(headers).toEqual(['Tagihan INV-1', 'Tagihan INV-2', 'Tagihan INV-4']);
    expect(footers).toEqual(['Kota Bandung', 'Kota Surabaya', 'Kota Medan']);
    const types = zip.file('[Content_Types].xml')!.asText();
    expect(types).toContain('PartName="/word/header1_s2.xml"');
    expect(types).toContain('PartName="/word/footer1_s3.xml"');
  });

  it('gives each section of a multi-section template its own header copies', async () => {
    const twoSections = buildDocx({
      body: `${paragraph('Halaman A {nama}')}<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rId7"/></w:sectPr></w:pPr></w:p>${paragraph('Halaman B')}`,
      header: paragraph('Header {nomor}'),
    });
    const { bytes: buffer, count: sections } = await mergeDocuments({
      template: twoSections,
      rows: rows.slice(0, 2),
      mapping,
    });
    expect(sections).toBe(2);
    const { headers } = open(buffer);
    // Row 1: its inner break and its final break; row 2 likewise.
    expect(headers).toEqual(['Header INV-1', 'Header INV-1', 'Header INV-2', 'Header INV-2']);
  });

  it("leaves a missing value empty, never 'undefined', including unmapped and inherited names", async () => {
    const { bytes: buffer } = await mergeDocuments({
      template: buildDocx({ body: paragraph('[{nama}] [{kosong}] [{tidak_dipetakan}]') }),
      rows: [{ Nama: 'Budi', Kota: 'Bandung' }],
      mapping: { nama: 'Nama', kosong: 'constructor', tidak_dipetakan: '' },
    });
    const { sections, document } = open(buffer);
    expect(sections).toEqual(['[Budi] [] []']);
    expect(document).not.toContain('undefined');
  });

  it('fills a tag written with spaces inside the braces under its trimmed name', async () => {
    const { bytes: buffer } = await mergeDocuments({
      template: buildDocx({ body: paragraph('[{ nama }] [{nama pelanggan}]') }),
      rows: [{ Nama: 'Budi', Lengkap: 'Budi Santoso' }],
      mapping: { nama: 'Nama', 'nama pelanggan': 'Lengkap' },
    });
    expect(open(buffer).sections).toEqual(['[Budi] [Budi Santoso]']);
  });

  it('shows a section tag block only for rows where its column is filled', async () => {
    const { bytes: buffer } = await mergeDocuments({
      template: buildDocx({ body: paragraph('{nama}{#lunas} (lunas {tanggal}){/lunas}') }),
      rows: [
        { Nama: 'Budi', Lunas: 'TRUE', Tanggal: '2024-07-03' },
        { Nama: 'Sari', Lunas: '', Tanggal: '2024-07-04' },
      ],
      mapping: { nama: 'Nama', lunas: 'Lunas', tanggal: 'Tanggal' },
    });
    expect(open(buffer).sections).toEqual(['Budi (lunas 2024-07-03)', 'Sari']);
  });

  it('merges the real template with the real workbook', async () => {
    const { sheet } = await readWorkbook(await fixture('pelanggan_50.xlsx'));
    const realMapping = {
      nama_pelanggan: 'Nama Pelanggan',
      alamat: 'Alamat',
      total_tagihan: 'Total Tagihan',
      tanggal_tagihan: 'Tanggal Tagihan',
    };
    const result = await mergeDocuments({
      template: await fixture('tagihan_template.docx'),
      rows: sheet.rows,
      mapping: realMapping,
    });
    expect(result.count).toBe(50);
    expect(result.skipped).toBe(1);
    const { sections, zip } = open(result.bytes);
    expect(sections).toHaveLength(50);
    expect(sections[0]).toContain('Kepada Yth. CV Maju Bersama 1');
    expect(sections[0]).toContain('Tanggal: 2024-07-03');
    expect(sections[0]).toContain('Terima kasih, CV Maju Bersama 1.');
    expect(sections[1]).toContain('RS Harapan Kita 2');
    // The rest of the package (styles, numbering, theme) is carried over.
    expect(zip.file('word/styles.xml')).not.toBeNull();
    expect(zip.file('word/numbering.xml')).not.toBeNull();
  });

  it('reports progress as sections processed, ending at the total', async () => {
    const seen: MergeProgress[] = [];
    await mergeDocuments({ template: template(), rows, mapping, onProgress: (p) => seen.push(p) });
    expect(seen[0]).toEqual({ processed: 0, total: 4 });
    expect(seen.at(-1)).toEqual({ processed: 4, total: 4 });
    expect(seen.every((p, i) => i === 0 || p.processed >= seen[i - 1].processed)).toBe(true);
  });

  it('fails with the template message when the template is broken', async () => {
    await expect(
      mergeDocuments({ template: buildDocx({ body: paragraph('{nama') }), rows, mapping }),
    ).rejects.toThrow('Template syntax error: unclosed tag "{nama" in word/document.xml');
  });

  it("fails with 'Failed to create merged document: …' when no row has enough data", async () => {
    await expect(
      mergeDocuments({ template: template(), rows: [rows[2], { Nama: 'Solo' }], mapping }),
    ).rejects.toThrow(/^Failed to create merged document: /);
  });
});
