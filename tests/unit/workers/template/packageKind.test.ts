// A Word template (.dotx) and a macro-enabled document (.docm) are accepted as templates; what
// the generator writes is a plain .docx, without the macros (issue 21).
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';
import { analyseTemplate } from '../../../../src/workers/template';
import { buildDocx, paragraph, textOf } from '../docxBuilder';
import { packageProblems } from '../packageCheck';
import * as XLSX from 'xlsx';

const WORDML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const DOCX_MAIN = `${WORDML}.document.main+xml`;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The test document with its main part typed as `mainType`, and a VBA project when `macros`. */
function wordPackage(mainType: string, macros: boolean): ArrayBuffer {
  const zip = new PizZip(buildDocx({ body: paragraph('Yth. {nama}') }));
  let types = zip.file('[Content_Types].xml')!.asText().replace(DOCX_MAIN, mainType);
  if (macros) {
    zip.file('word/vbaProject.bin', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]));
    zip.file(
      'word/vbaData.xml',
      '<?xml version="1.0"?><wne:vbaSuppData xmlns:wne="http://schemas.microsoft.com/office/word/2006/wordml"/>',
    );
    zip.file(
      'word/_rels/vbaProject.bin.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2006/relationships/wordVbaData" Target="vbaData.xml"/></Relationships>`,
    );
    const rels = zip.file('word/_rels/document.xml.rels')!.asText();
    zip.file(
      'word/_rels/document.xml.rels',
      rels.replace(
        '</Relationships>',
        `<Relationship Id="rId9" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/><Relationship Id="rId10" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ),
    );
    zip.file(
      'word/styles.xml',
      `<?xml version="1.0"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>`,
    );
    types = types.replace(
      '</Types>',
      `<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/><Override PartName="/word/vbaData.xml" ContentType="application/vnd.ms-word.vbaData+xml"/><Override PartName="/word/styles.xml" ContentType="${WORDML}.styles+xml"/></Types>`,
    );
  }
  zip.file('[Content_Types].xml', types);
  return zip.generate({ type: 'arraybuffer' });
}

function workbook(): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Nama', 'Kota'],
      ['Budi', 'Bandung'],
    ]),
    'Data',
  );
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

async function generate(template: ArrayBuffer, kind: 'merged' | 'zip' = 'merged') {
  return createGeneratorApi().generate({
    template,
    data: { file: workbook(), sheet: 'Data' },
    rows: Uint32Array.from([0]),
    mapping: { nama: 'Nama' },
    formats: {},
    output: kind === 'zip' ? { kind, nameColumn: 'Nama' } : { kind },
  });
}

describe('.dotx and .docm templates', () => {
  it('merges a .dotx into a .docx', async () => {
    const template = wordPackage(`${WORDML}.template.main+xml`, false);
    const analysis = await analyseTemplate(template);
    expect(analysis.placeholders).toEqual(['nama']);
    expect(analysis.macrosDropped).toBe(false);
    const result = await generate(template);
    expect(result.fileName).toMatch(/\.docx$/);
    const zip = new PizZip(await result.file.arrayBuffer());
    const types = zip.file('[Content_Types].xml')!.asText();
    expect(types).toContain(`PartName="/word/document.xml" ContentType="${DOCX_MAIN}"`);
    expect(types).not.toContain('template.main');
    expect(textOf(zip.file('word/document.xml')!.asText())).toContain('Yth. Budi');
  });

  it('drops the macros of a .docm, with their relationships and content types, and says so', async () => {
    const template = wordPackage('application/vnd.ms-word.document.macroEnabled.main+xml', true);
    expect((await analyseTemplate(template)).macrosDropped).toBe(true);
    for (const kind of ['merged', 'zip'] as const) {
      const result = await generate(template, kind);
      const bytes =
        kind === 'zip'
          ? new PizZip(await result.file.arrayBuffer()).file(/\.docx$/)[0].asUint8Array()
          : new Uint8Array(await result.file.arrayBuffer());
      const docx = new PizZip(bytes);
      const names = Object.keys(docx.files);
      expect(names.filter((n) => /vba/i.test(n))).toEqual([]);
      const types = docx.file('[Content_Types].xml')!.asText();
      expect(types).not.toMatch(/vba|macroEnabled/i);
      expect(types).toContain(DOCX_MAIN);
      expect(docx.file('word/_rels/document.xml.rels')!.asText()).not.toMatch(/vba/i);
      expect(docx.file('word/_rels/document.xml.rels')!.asText()).toContain('styles.xml');
      expect(packageProblems(bytes)).toEqual([]);
    }
  });
});
