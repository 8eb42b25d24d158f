import { describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import '../../../../src/workers/read/codepages';
import { readWorkbook } from '../../../support/readWorkbook';
import { biff5Workbook } from '../biff5';

describe('legacy .xls text in a non-Latin code page', () => {
  it.each([
    { script: 'Cyrillic', codePage: 1251, sheet: 'Клиенты', name: 'Иван Петров', city: 'Москва' },
    { script: 'Hebrew', codePage: 1255, sheet: 'לקוחות', name: 'דוד כהן', city: 'ירושלים' },
    {
      script: 'Greek',
      codePage: 1253,
      sheet: 'Πελάτες',
      name: 'Γιώργος Παπαδόπουλος',
      city: 'Αθήνα',
    },
  ])(
    'reads $script text of a BIFF5 workbook (code page $codePage) as written',
    async ({ codePage, sheet, name, city }) => {
      const file = biff5Workbook(codePage, sheet, [
        ['Nama', 'Kota', 'Total'],
        [name, city, 1500],
        ['Budi', 'Bandung', 2500],
      ]);
      const book = await readWorkbook(file);
      expect(book.sheetNames).toEqual([sheet]);
      expect(book.sheet.headers).toEqual(['Nama', 'Kota', 'Total']);
      expect(book.sheet.rows.map((row) => ({ ...row }))).toEqual([
        { Nama: name, Kota: city, Total: '1500' },
        { Nama: 'Budi', Kota: 'Bandung', Total: '2500' },
      ]);
    },
  );

  it('the generator worker bundle loads the code-page tables', async () => {
    const entry = fileURLToPath(
      new URL('../../../../src/workers/generator.worker.ts', import.meta.url),
    );
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'silent',
    });
    expect(
      Object.keys(result.metafile.inputs).some((input) =>
        input.endsWith('xlsx/dist/cpexcel.full.mjs'),
      ),
    ).toBe(true);
  });
});
