// Templates written for another tool are named, with what to write instead (docs/rows.md).
import { describe, expect, it } from 'vitest';
import { analyseTemplate } from '../../../../src/workers/template';
import { buildDocx, paragraph } from '../docxBuilder';

const analyse = (...paragraphs: string[]) =>
  analyseTemplate(buildDocx({ body: paragraphs.join('') }));

describe('placeholders of other tools', () => {
  it('{{ }} (Jinja, Handlebars), split over runs as Word saves it', async () => {
    await expect(
      analyse(paragraph('Yth. {{ ', 'Nama', ' }}, tagihan Anda {{Total}}')),
    ).rejects.toThrow('This template uses {{ }} placeholders; write {Nama} instead');
  });

  it('+++ +++ (docx-templates)', async () => {
    await expect(analyse(paragraph('Yth. +++INS nama_pelanggan+++'))).rejects.toThrow(
      'This template uses +++ +++ placeholders; write {nama_pelanggan} instead',
    );
  });

  it('${ }', async () => {
    await expect(analyse(paragraph('Total: ${total}'))).rejects.toThrow(
      'This template uses ${ } placeholders; write {total} instead',
    );
  });

  it('«» and << >> typed as text, in a template without placeholders', async () => {
    await expect(analyse(paragraph('Yth. «Nama»'))).rejects.toThrow(
      'This template uses «» placeholders; write {Nama} instead',
    );
    await expect(analyse(paragraph('Yth. &lt;&lt;Nama&gt;&gt;'))).rejects.toThrow(
      'This template uses << >> placeholders; write {Nama} instead',
    );
  });

  it('«» beside placeholders of ours is text, and braces of ours are read as always', async () => {
    const analysis = await analyse(paragraph('«Catatan» {Nama}: {Total}'));
    expect(analysis.placeholders).toEqual(['Nama', 'Total']);
  });
});
