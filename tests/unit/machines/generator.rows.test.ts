// Rows that are not invoices (docs/rows.md): total and hidden rows start unselected and one event
// includes them; Generate counts only rows the merge makes a section of, and with none says why;
// a workbook whose sheets hold no data keeps its file and its sheet picker.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { packSheet, SheetTable } from '../../../src/domain/sheet/sheetTable';
import { generatorMachine } from '../../../src/machines/generator/machine';
import { generationJob, select } from '../../../src/machines/generator/selectors';
import { messages } from '../../../src/machines/generator/rules';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  ChosenFile,
  GeneratorEvent,
  Job,
  ReadSheetInput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
} from '../../../src/machines/generator/types';

const file = (name: string): ChosenFile => new File(['x'], name);

const rows = [
  { Nama: 'Budi', Total: '150000' },
  { Nama: 'Tono', Total: '99000' },
  { Nama: 'Sari', Total: '275000' },
  { Nama: 'TOTAL', Total: '524000' },
];
/** As the worker reads it: row 2 hidden in the sheet, row 4 a total; sheet rows 5 to 8. */
const EXPORT = new SheetTable({
  ...packSheet(['Nama', 'Total'], rows),
  headerRow: 4,
  sheetRowNumbers: Uint32Array.from([5, 6, 7, 8]),
  totalRows: Uint32Array.from([3]),
  hiddenRows: Uint32Array.from([1]),
});
const ONE_COLUMN = SheetTable.fromRows(['Nomor'], [{ Nomor: '0811' }, { Nomor: '0812' }]);

function start(workbook: ReadWorkbookOutput, sheet: SheetTable = EXPORT) {
  const machine = generatorMachine.provide({
    actors: {
      analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(async () => ({
        placeholders: ['Nama', 'Total'],
      })),
      readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(async () => workbook),
      readSheet: fromPromise<SheetTable, ReadSheetInput>(async () => sheet),
      generate: fromCallback<GeneratorEvent, Job>(() => () => {}),
    },
  });
  return createActor(machine).start();
}

async function loaded(workbook: ReadWorkbookOutput, sheet?: SheetTable) {
  const actor = start(workbook, sheet);
  actor.send({ type: 'generator.templateChosen', file: file('tagihan.docx') });
  await waitFor(actor, (s) => s.matches('ready') && s.context.placeholders.length > 0);
  actor.send({ type: 'generator.dataChosen', file: file('export.xlsx') });
  await waitFor(actor, (s) => s.matches('ready') && s.context.sheetNames.length > 0);
  return actor;
}

describe('generator machine: rows that are not invoices', () => {
  it('the total and the hidden row start unselected; Generate counts the rest', async () => {
    const actor = await loaded({ sheetNames: ['Data'], sheet: 'Data', table: EXPORT });
    const s = actor.getSnapshot();
    expect(Array.from(s.context.selection)).toEqual([1, 0, 1, 0]);
    expect(select.documentCount(s)).toBe(2);
    expect(Array.from(generationJob(s.context).rows)).toEqual([0, 2]);
  });

  it('including the named rows selects them, and the count follows', async () => {
    const actor = await loaded({ sheetNames: ['Data'], sheet: 'Data', table: EXPORT });
    actor.send({ type: 'generator.includeRows', rowIndexes: EXPORT.totalRows });
    expect(Array.from(actor.getSnapshot().context.selection)).toEqual([1, 0, 1, 1]);
    expect(select.documentCount(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'generator.includeRows', rowIndexes: EXPORT.hiddenRows });
    expect(select.documentCount(actor.getSnapshot())).toBe(4);
  });

  it('the selected rows and the count follow every selection change, worked out once per selection', async () => {
    const actor = await loaded({ sheetNames: ['Data'], sheet: 'Data', table: EXPORT });
    const before = actor.getSnapshot();
    // Asked again for the same selection: the same answer, not a new walk of the rows.
    expect(generationJob(before.context).rows).toBe(generationJob(before.context).rows);
    actor.send({ type: 'generator.rowToggled', index: 0 });
    expect(Array.from(generationJob(actor.getSnapshot().context).rows)).toEqual([2]);
    expect(select.documentCount(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'generator.selectAll' });
    expect(Array.from(generationJob(actor.getSnapshot().context).rows)).toEqual([0, 1, 2, 3]);
    expect(select.documentCount(actor.getSnapshot())).toBe(4);
    actor.send({ type: 'generator.selectNone' });
    expect(generationJob(actor.getSnapshot().context).rows).toHaveLength(0);
    expect(select.documentCount(actor.getSnapshot())).toBe(0);
    // The earlier selection's answer is unchanged.
    expect(Array.from(generationJob(before.context).rows)).toEqual([0, 2]);
    expect(select.documentCount(before)).toBe(2);
  });

  it('a one-column sheet offers no section: Generate is disabled and says why', async () => {
    const actor = await loaded({ sheetNames: ['Nomor'], sheet: 'Nomor', table: ONE_COLUMN });
    const s = actor.getSnapshot();
    expect(s.context.selectedCount).toBe(2);
    expect(select.documentCount(s)).toBe(0);
    expect(select.canGenerate(s)).toBe(false);
    expect(select.generateHint(s)).toBe(messages.noRowMakesDocument);
  });

  it('several sheets without data: the file and the sheet picker stay, the sheet says why', async () => {
    const actor = await loaded({
      sheetNames: ['Petunjuk', 'Kosong'],
      sheet: 'Petunjuk',
      table: SheetTable.fromRows([], []),
      sheetError: 'Excel file is empty',
    });
    const s = actor.getSnapshot();
    expect(s.context.dataFile?.name).toBe('export.xlsx');
    expect(s.context.sheetNames).toEqual(['Petunjuk', 'Kosong']);
    expect(s.context.error).toBe(messages.readSheet('Excel file is empty'));
    actor.send({ type: 'generator.sheetChanged', sheet: 'Kosong' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.table.rowCount).toBe(4);
  });
});

describe('generator machine: the data file chosen before the template', () => {
  it('the first template keeps the rows and their selection, and maps its fields to the columns', async () => {
    const actor = start({ sheetNames: ['Data'], sheet: 'Data', table: EXPORT });
    actor.send({ type: 'generator.dataChosen', file: file('export.xlsx') });
    await waitFor(actor, (s) => s.matches('ready') && s.context.table.rowCount > 0);
    actor.send({ type: 'generator.selectNone' });
    actor.send({ type: 'generator.rowToggled', index: 1 });
    actor.send({ type: 'generator.rowToggled', index: 3 });

    actor.send({ type: 'generator.templateChosen', file: file('tagihan.docx') });
    await waitFor(actor, (s) => s.matches('ready') && s.context.placeholders.length > 0);
    const { context } = actor.getSnapshot();
    expect(context.dataFile?.name).toBe('export.xlsx');
    expect(context.table).toBe(EXPORT);
    expect(Array.from(context.selection)).toEqual([0, 1, 0, 1]);
    expect(context.selectedCount).toBe(2);
    expect({ ...context.mapping }).toEqual({ Nama: 'Nama', Total: 'Total' });
    expect(Array.from(generationJob(context).rows)).toEqual([1, 3]);
    expect(select.canGenerate(actor.getSnapshot())).toBe(true);
  });

  it('a template in place of another still starts over: the data side goes with it', async () => {
    const actor = await loaded({ sheetNames: ['Data'], sheet: 'Data', table: EXPORT });
    actor.send({ type: 'generator.templateChosen', file: file('tagihan2.docx') });
    await waitFor(actor, (s) => s.matches('ready') && s.context.placeholders.length > 0);
    const { context } = actor.getSnapshot();
    expect(context.dataFile).toBeNull();
    expect(context.table.rowCount).toBe(0);
    expect(context.selectedCount).toBe(0);
  });
});
