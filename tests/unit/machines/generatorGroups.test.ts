// Group rows by in the generator machine: the control's event, which fields need a column, what
// the job and the preview carry, and what the buttons count.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { generatorMachine } from '../../../src/machines/generator/machine';
import { generateBlocker, isFullyMapped } from '../../../src/machines/generator/rules';
import { fieldRole } from '../../../src/machines/generator/groups';
import { select } from '../../../src/machines/generator/selectors';
import { emptyGroupKeyMessage } from '../../../src/domain/generator/grouping';
import { SheetTable } from '../../../src/domain/sheet/sheetTable';
import type {
  AnalyseTemplateOutput,
  DataRow,
  DocumentPreview,
  GeneratorEvent,
  Job,
  PreviewInput,
  ReadSheetInput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
} from '../../../src/machines/generator/types';

const file = (name: string) => ({ name, size: 100 }) as unknown as File;
const headers = ['Pelanggan', 'Nama', 'Tujuan', 'Biaya'];
const lines: DataRow[] = [
  { Pelanggan: 'C1', Nama: 'Budi', Tujuan: 'Jakarta', Biaya: '10' },
  { Pelanggan: 'C2', Nama: 'Sari', Tujuan: 'Medan', Biaya: '20' },
  { Pelanggan: 'C1', Nama: 'Budi', Tujuan: 'Bandung', Biaya: '30' },
  { Pelanggan: '', Nama: 'Tono', Tujuan: 'Bogor', Biaya: '40' },
];
const analysis: AnalyseTemplateOutput = {
  placeholders: ['Nama', 'lines', 'Tujuan', 'Biaya', 'sum:Biaya', 'count'],
  sections: ['lines'],
};

async function loaded() {
  const jobs: Job[] = [];
  const previews: PreviewInput[] = [];
  const machine = generatorMachine.provide({
    actors: {
      analyseTemplate: fromPromise(async () => analysis),
      readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(async () => ({
        sheetNames: ['Lines', 'Lain'],
        sheet: 'Lines',
        table: SheetTable.fromRows(headers, lines),
      })),
      readSheet: fromPromise<SheetTable, ReadSheetInput>(async () =>
        SheetTable.fromRows(['Nama', 'Kota'], [{ Nama: 'Eko', Kota: 'Bogor' }]),
      ),
      generate: fromCallback<GeneratorEvent, Job>(({ input }) => void jobs.push(input)),
      previewRow: fromPromise<DocumentPreview, PreviewInput>(async ({ input }) => {
        previews.push(input);
        return { headers: [], body: [], footers: [] };
      }),
    },
  });
  const actor = createActor(machine).start();
  const idle = () => waitFor(actor, (s) => s.matches('ready'), { timeout: 1000 });
  actor.send({ type: 'generator.templateChosen', file: file('tagihan.docx') });
  await idle();
  actor.send({ type: 'generator.dataChosen', file: file('lines.xlsx') });
  await idle();
  return { actor, jobs, previews, idle };
}

describe('generator machine: group rows by', () => {
  it('starts with (none); {count} and {sum:…} need no column, a loop named like no column needs one until rows are grouped', async () => {
    const { actor } = await loaded();
    const context = actor.getSnapshot().context;
    expect(context.groupBy).toBe('');
    expect(context.mapping).toMatchObject({
      Nama: 'Nama',
      Tujuan: 'Tujuan',
      Biaya: 'Biaya',
      count: '',
      'sum:Biaya': '',
    });
    expect(fieldRole('lines', context)).toBe('unmatchedSection');
    expect(fieldRole('count', context)).toBe('count');
    expect(fieldRole('sum:Biaya', context)).toBe('sum');
    expect(fieldRole('sum:Pulsa', context)).toBe('sumWithoutColumn');
    expect(isFullyMapped(context)).toBe(false);
    actor.send({ type: 'generator.groupByChanged', column: 'Pelanggan' });
    const grouped = actor.getSnapshot().context;
    expect(fieldRole('lines', grouped)).toBe('loop');
    expect(isFullyMapped(grouped)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'generator.generate' })).toBe(true);
  });

  it('keeps the key column through a sheet read again only while the sheet has it', async () => {
    const { actor, idle } = await loaded();
    actor.send({ type: 'generator.groupByChanged', column: 'Pelanggan' });
    actor.send({ type: 'generator.sheetChanged', sheet: 'Lain' });
    await idle();
    expect(actor.getSnapshot().context.groupBy).toBe('');
  });

  it('ignores a key column the sheet does not have', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'generator.groupByChanged', column: 'Nope' });
    expect(actor.getSnapshot().context.groupBy).toBe('');
  });

  it('counts documents per key among the selected rows, sends the key with the job', async () => {
    const { actor, jobs } = await loaded();
    actor.send({ type: 'generator.groupByChanged', column: 'Pelanggan' });
    // C1, C2; the row without a key is in no group.
    expect(select.documentCount(actor.getSnapshot())).toBe(2);
    expect(select.selectedCount(actor.getSnapshot())).toBe(4);
    actor.send({ type: 'generator.rowToggled', index: 1 });
    expect(select.documentCount(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'generator.generate' });
    expect(jobs[0]).toMatchObject({ groupBy: 'Pelanggan', rows: Uint32Array.from([0, 2, 3]) });
    expect(actor.getSnapshot().context.progress.total).toBe(1);
  });

  it('without grouping the job carries no key and the buttons count rows', async () => {
    const { actor, jobs } = await loaded();
    actor.send({ type: 'generator.mappingChanged', placeholder: 'lines', column: 'Tujuan' });
    expect(select.documentCount(actor.getSnapshot())).toBe(4);
    actor.send({ type: 'generator.generate' });
    expect(jobs[0].groupBy).toBeUndefined();
  });

  it('blocks Generate naming the column when the key is empty on every selected row', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'generator.groupByChanged', column: 'Pelanggan' });
    actor.send({ type: 'generator.selectRows', rowIndexes: Uint32Array.from([3]) });
    expect(generateBlocker(actor.getSnapshot().context)).toBe(emptyGroupKeyMessage('Pelanggan'));
    expect(select.groupingProblem(actor.getSnapshot())).toBe(emptyGroupKeyMessage('Pelanggan'));
    expect(actor.getSnapshot().can({ type: 'generator.generate' })).toBe(false);
  });

  it('previews group by group: each group first row, with the selected rows along', async () => {
    const { actor, previews, idle } = await loaded();
    actor.send({ type: 'generator.groupByChanged', column: 'Pelanggan' });
    actor.send({ type: 'generator.previewRow' });
    await idle();
    expect(actor.getSnapshot().context.preview).toMatchObject({ position: 0, rowIndex: 0 });
    actor.send({ type: 'generator.previewNext' });
    await idle();
    expect(actor.getSnapshot().context.preview).toMatchObject({ position: 1, rowIndex: 1 });
    expect(actor.getSnapshot().can({ type: 'generator.previewNext' })).toBe(false);
    expect(previews.at(-1)).toMatchObject({
      row: 1,
      job: { groupBy: 'Pelanggan', rows: Uint32Array.from([0, 1, 2, 3]) },
    });
    // Back to (none): the open preview follows, row by row again.
    actor.send({ type: 'generator.groupByChanged', column: '' });
    await idle();
    expect(previews.at(-1)?.job.groupBy).toBeUndefined();
    expect(actor.getSnapshot().can({ type: 'generator.previewNext' })).toBe(true);
  });
});
