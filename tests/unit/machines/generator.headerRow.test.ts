// The Header row control (issue 21): the sheet is read again with the row the user chose; the
// columns, rows and mapping follow as on a new file; a row the sheet cannot take leaves the page
// as it was, with a message naming the file.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ID_CATALOGUE } from '../../../src/domain/i18n/id';
import { packSheet, SheetTable } from '../../../src/domain/sheet/sheetTable';
import { generatorMachine } from '../../../src/machines/generator/machine';
import { generationJob } from '../../../src/machines/generator/selectors';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  ReadWorkbookInput,
  ChosenFile,
  GeneratorEvent,
  Job,
  ReadSheetInput,
  ReadWorkbookOutput,
} from '../../../src/machines/generator/types';

const file = (name: string): ChosenFile => new File(['x'], name);

/** A sheet read with its column names in `headerRow`. */
const table = (headerRow: number, headers: string[], rows: Record<string, string>[]) =>
  new SheetTable({ ...packSheet(headers, rows), headerRow });

const FOUND = table(
  3,
  ['Nama', 'Kota'],
  [
    { Nama: 'Budi', Kota: 'Bandung' },
    { Nama: 'Sari', Kota: 'Medan' },
  ],
);

function start(readSheet: (input: ReadSheetInput) => Promise<SheetTable>) {
  const reads: ReadSheetInput[] = [];
  const machine = generatorMachine.provide({
    actors: {
      analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(async () => ({
        placeholders: ['nama', 'kota', 'total'],
      })),
      readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(async () => ({
        sheetNames: ['Tagihan'],
        sheet: 'Tagihan',
        table: FOUND,
      })),
      readSheet: fromPromise<SheetTable, ReadSheetInput>(async ({ input }) => {
        reads.push(input);
        return readSheet(input);
      }),
      generate: fromCallback<GeneratorEvent, Job>(() => () => {}),
    },
  });
  const actor = createActor(machine).start();
  return { actor, reads };
}

const ready = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches('ready'), { timeout: 1000 });

async function loaded(readSheet: (input: ReadSheetInput) => Promise<SheetTable>) {
  const t = start(readSheet);
  t.actor.send({ type: 'generator.templateChosen', file: file('tagihan.docx') });
  await ready(t.actor);
  t.actor.send({ type: 'generator.dataChosen', file: file('laporan.xlsx') });
  await ready(t.actor);
  return t;
}

describe('generator machine: header row', () => {
  it('reads the sheet again with the chosen row; columns, rows and mapping follow', async () => {
    const chosen = table(
      4,
      ['Nama Pelanggan', 'Kota', 'Total'],
      [{ 'Nama Pelanggan': 'Sari', Kota: 'Medan', Total: '2' }],
    );
    const { actor, reads } = await loaded(async () => chosen);
    expect(actor.getSnapshot().context.table.headerRow).toBe(3);
    expect(actor.getSnapshot().context.mapping).toEqual({ nama: 'Nama', kota: 'Kota', total: '' });
    actor.send({ type: 'generator.headerRowChanged', row: 4 });
    await ready(actor);
    expect(reads).toEqual([{ file: expect.any(File), sheet: 'Tagihan', headerRow: 4 }]);
    const { context } = actor.getSnapshot();
    expect(context.headerRow).toBe(4);
    expect(context.headers).toEqual(['Nama Pelanggan', 'Kota', 'Total']);
    expect(context.selectedCount).toBe(1);
    expect(context.mapping).toEqual({
      nama: 'Nama Pelanggan',
      kota: 'Kota',
      total: 'Total',
    });
    // Generate reads the same rows: the job names the header row.
    expect(generationJob(context).data).toMatchObject({ sheet: 'Tagihan', headerRow: 4 });
  });

  it('leaves everything as it was when the sheet cannot take the row, and names the file', async () => {
    const { actor } = await loaded(async () => {
      throw new Error(
        'Header row 40 is beyond the last row of sheet "Tagihan" (row 6). Choose a row from 1 to 6.',
      );
    });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'generator.headerRowChanged', row: 40 });
    await ready(actor);
    const after = actor.getSnapshot().context;
    expect(after.error).toBe(
      'laporan.xlsx: Header row 40 is beyond the last row of sheet "Tagihan" (row 6). Choose a row from 1 to 6.',
    );
    expect(after.headerRow).toBeNull();
    expect(after.table).toBe(before.table);
    expect(after.mapping).toBe(before.mapping);
    expect(after.selection).toBe(before.selection);
    expect(generationJob(after).data).toEqual({ file: expect.any(File), sheet: 'Tagihan' });
  });

  it('ignores the row shown, and refuses a row that is no row number', async () => {
    const { actor, reads } = await loaded(async () => FOUND);
    actor.send({ type: 'generator.headerRowChanged', row: 3 });
    actor.send({ type: 'generator.headerRowChanged', row: 0 });
    expect(actor.getSnapshot().context.error).toBe('The header row is a row number: 1 or more.');
    actor.send({ type: 'generator.headerRowChanged', row: 2.5 });
    expect(reads).toEqual([]);
    expect(actor.getSnapshot().context.headers).toEqual(['Nama', 'Kota']);
  });

  it('a new data file starts from the row its reader finds', async () => {
    const chosen = table(4, ['Name'], [{ Name: 'Sari' }]);
    const { actor } = await loaded(async () => chosen);
    actor.send({ type: 'generator.headerRowChanged', row: 4 });
    await ready(actor);
    actor.send({ type: 'generator.dataChosen', file: file('lain.xlsx') });
    await ready(actor);
    expect(actor.getSnapshot().context.headerRow).toBeNull();
    expect(actor.getSnapshot().context.table.headerRow).toBe(3);
  });

  it('says the header row messages in Indonesian too, the file name kept', () => {
    const translate = (text: string) =>
      ID_CATALOGUE.patterns.reduce((t, [pattern, to]) => t.replace(pattern, to), text);
    expect(
      translate(
        'laporan.xlsx: Header row 40 is beyond the last row of sheet "Tagihan" (row 6). Choose a row from 1 to 6.',
      ),
    ).toBe(
      'laporan.xlsx: Baris header 40 melewati baris terakhir lembar "Tagihan" (baris 6). Pilih baris 1 sampai 6.',
    );
    expect(
      translate(
        'laporan.xlsx: Header row 6 of sheet "Tagihan" has no data rows under it. Choose a row above it.',
      ),
    ).toBe(
      'laporan.xlsx: Baris header 6 pada lembar "Tagihan" tidak memiliki baris data di bawahnya. Pilih baris di atasnya.',
    );
  });
});
