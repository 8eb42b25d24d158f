import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { analyseTemplate } from '../../../../src/workers/template/analyseTemplate';
import { sampleTemplate } from '../../../../src/workers/template/sampleTemplate';
import { buildDocx, fixture, paragraph } from '../docxBuilder';

describe('analyseTemplate', () => {
  it('lists the 16 placeholders of the real Word template once each, in document order', async () => {
    const { placeholders } = await analyseTemplate(await fixture('tagihan_template.docx'));
    expect(placeholders).toEqual([
      'nama_pelanggan',
      'alamat',
      'npwp',
      'periode',
      'nomor_tagihan',
      'tanggal_tagihan',
      'jatuh_tempo',
      'lokal',
      'hp_lokal',
      'sljj',
      'hp_sljj',
      'sli',
      'abodemen',
      'ppn_11',
      'total_tagihan',
      'email_pic',
    ]);
  });

  it('finds a tag that Word split across runs', async () => {
    const docx = buildDocx({
      body: '<w:p><w:r><w:t>Dear {na</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>ma_pel</w:t></w:r><w:r><w:t>anggan},</w:t></w:r></w:p>',
    });
    expect((await analyseTemplate(docx)).placeholders).toEqual(['nama_pelanggan']);
  });

  it('finds tags in headers and footers after the body tags', async () => {
    const docx = buildDocx({
      body: paragraph('Total {total}'),
      header: paragraph('Invoice {nomor} for {nama}'),
      footer: paragraph('{kota} — {nama}'),
    });
    expect((await analyseTemplate(docx)).placeholders).toEqual(['total', 'nomor', 'nama', 'kota']);
  });

  it('lists a section tag and the tags inside it', async () => {
    const docx = buildDocx({
      body: paragraph('{#lunas}Paid on {tanggal_bayar}{/lunas} {^lunas}Unpaid{/lunas}'),
    });
    expect((await analyseTemplate(docx)).placeholders).toEqual(['lunas', 'tanggal_bayar']);
  });

  it('returns no placeholders for a template without tags', async () => {
    expect(
      (await analyseTemplate(buildDocx({ body: paragraph('Plain letter') }))).placeholders,
    ).toEqual([]);
  });

  it('says bytes that are not a zip are not a Word document, and names a renamed PDF', async () => {
    const text = new TextEncoder().encode('this is a text file renamed to .docx');
    await expect(analyseTemplate(text.buffer as ArrayBuffer)).rejects.toThrow(
      'The file is not a Word document: a .docx is a zip package and this one is not.',
    );
    const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n');
    await expect(analyseTemplate(pdf.buffer as ArrayBuffer)).rejects.toThrow(
      'The file is a PDF, not a Word document: choose the .docx it was made from',
    );
  });

  it('makes a sample template the generator itself reads, with its fields', async () => {
    const bytes = sampleTemplate();
    const { placeholders } = await analyseTemplate(bytes.slice().buffer);
    expect(placeholders).toEqual([
      'nomor_tagihan',
      'periode',
      'nama_pelanggan',
      'alamat',
      'total_tagihan',
      'jatuh_tempo',
    ]);
  });

  it("refuses a zip without word/document.xml with 'Invalid DOCX file: …'", async () => {
    const docx = buildDocx({ body: '', withoutDocument: true });
    await expect(analyseTemplate(docx)).rejects.toThrow(
      'Invalid DOCX file: word/document.xml is missing',
    );
  });

  it("names the unclosed tag and its part in 'Template syntax error: …'", async () => {
    const docx = buildDocx({ body: paragraph('Dear {nama') });
    await expect(analyseTemplate(docx)).rejects.toThrow(
      'Template syntax error: unclosed tag "{nama" in word/document.xml',
    );
  });

  it('names a loop never closed, its part and how to close it', async () => {
    const docx = buildDocx({
      body: `<w:tbl><w:tr><w:tc>${paragraph('{#lines}{Tanggal}')}</w:tc></w:tr></w:tbl>`,
    });
    await expect(analyseTemplate(docx)).rejects.toThrow(
      'Template syntax error: unclosed loop "{#lines}" in word/document.xml: add "{/lines}" where the repeated part ends',
    );
  });

  it('lists the section tags, loops and conditions alike', async () => {
    const docx = buildDocx({
      body: paragraph('{#lines}{Tanggal}{/lines}{^lunas}belum{/lunas}{#lines}{/lines}{count}'),
    });
    const { sections, placeholders } = await analyseTemplate(docx);
    expect(sections).toEqual(['lines', 'lunas']);
    expect(placeholders).toEqual(['lines', 'Tanggal', 'lunas', 'count']);
  });

  it('reports every syntax error of every part in one message', async () => {
    const docx = buildDocx({ body: paragraph('{#items}x{/other}'), header: paragraph('total}') });
    const error = await analyseTemplate(docx).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^Template syntax error: /);
    expect(message).toContain('unopened tag "total}" in word/header1.xml');
    expect(message).toContain('loop "{#items}" is closed by "{/other}" in word/document.xml');
  });

  it("names a package without [Content_Types].xml in 'Invalid DOCX file: …'", async () => {
    const zip = new PizZip(buildDocx({ body: paragraph('{a}') }));
    zip.remove('[Content_Types].xml');
    const broken = zip.generate({ type: 'arraybuffer' });
    await expect(analyseTemplate(broken)).rejects.toThrow(
      'Invalid DOCX file: [Content_Types].xml is missing',
    );
  });
});
