// The preview's row filter goes through the machine (src/machines/generator/filter.ts): typing
// waits for a pause, the worker searches the sheet read, only the latest text's answer is shown,
// and another table drops the filter. The worker's part is played by the test.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { SheetTable } from '../../../src/domain/sheet/sheetTable';
import { FILTER_DELAY_MS } from '../../../src/machines/generator/filter';
import { generatorMachine } from '../../../src/machines/generator/machine';
import { select } from '../../../src/machines/generator/selectors';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  ChosenFile,
  FilterActorEvent,
  FilterInput,
  GeneratorEvent,
  ReadSheetInput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
} from '../../../src/machines/generator/types';

const file = (name: string): ChosenFile => new File(['x'], name);
const TABLE = SheetTable.fromRows(
  ['Nama'],
  [{ Nama: 'Budi' }, { Nama: 'Sari' }, { Nama: 'Bunga' }],
);

async function loaded() {
  const clock = new SimulatedClock();
  const searches: {
    input: FilterInput;
    answer: (m: Uint32Array | null) => void;
    stopped: boolean;
  }[] = [];
  const machine = generatorMachine.provide({
    actors: {
      analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(async () => ({
        placeholders: ['nama'],
      })),
      readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(async () => ({
        sheetNames: ['A', 'B'],
        sheet: 'A',
        table: TABLE,
      })),
      readSheet: fromPromise<SheetTable, ReadSheetInput>(async () => TABLE),
      filterRows: fromCallback<GeneratorEvent, FilterInput>(({ input, sendBack }) => {
        const search = {
          input,
          stopped: false,
          answer: (matches: Uint32Array | null) => {
            const event: FilterActorEvent = {
              type: 'generator.filtered',
              query: input.query,
              matches,
            };
            if (!search.stopped) sendBack(event);
          },
        };
        searches.push(search);
        return () => {
          search.stopped = true;
        };
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  actor.send({ type: 'generator.dataChosen', file: file('pelanggan.xlsx') });
  await waitFor(actor, (s) => s.matches('ready') && s.context.table.rowCount > 0);
  const type = (query: string) => actor.send({ type: 'generator.filterChanged', query });
  const shown = () => {
    const matches = select.filterMatches(actor.getSnapshot());
    return matches && [...matches];
  };
  return { actor, clock, searches, type, shown };
}

describe('generator machine: the row filter', () => {
  it('searches once the typing pauses, with the latest text trimmed, in the sheet read', async () => {
    const t = await loaded();
    t.type('b');
    t.clock.increment(FILTER_DELAY_MS - 1);
    t.type('bu ');
    t.clock.increment(FILTER_DELAY_MS - 1);
    expect(t.searches).toEqual([]);
    expect(select.filterQuery(t.actor.getSnapshot())).toBe('bu ');
    t.clock.increment(1);
    expect(t.searches.map((s) => s.input.query)).toEqual(['bu']);
    expect(t.searches[0].input.data).toEqual({
      file: t.actor.getSnapshot().context.dataFile,
      sheet: 'A',
    });
    t.searches[0].answer(Uint32Array.from([0, 2]));
    expect(t.shown()).toEqual([0, 2]);
  });

  it("keeps the rows shown until the new text's answer, and drops an older text's answer", async () => {
    const t = await loaded();
    t.type('bu');
    t.clock.increment(FILTER_DELAY_MS);
    t.searches[0].answer(Uint32Array.from([0, 2]));
    t.type('bud');
    t.clock.increment(FILTER_DELAY_MS);
    // The search for 'bu' is stopped when 'bud' starts; an answer for 'bu' is not shown.
    t.actor.send({ type: 'generator.filtered', query: 'bu', matches: Uint32Array.from([1]) });
    expect(t.shown()).toEqual([0, 2]);
    t.searches[1].answer(Uint32Array.from([0]));
    expect(t.shown()).toEqual([0]);
  });

  it('an emptied text shows every row at once, and a pending search never runs', async () => {
    const t = await loaded();
    t.type('bu');
    t.clock.increment(FILTER_DELAY_MS);
    t.searches[0].answer(Uint32Array.from([0, 2]));
    t.type('bun');
    t.type('  ');
    expect(t.shown()).toBeNull();
    t.clock.increment(FILTER_DELAY_MS * 2);
    expect(t.searches).toHaveLength(1);
  });

  it('a failed search shows every row', async () => {
    const t = await loaded();
    t.type('bu');
    t.clock.increment(FILTER_DELAY_MS);
    t.searches[0].answer(null);
    expect(t.shown()).toBeNull();
    expect(select.filterQuery(t.actor.getSnapshot())).toBe('bu');
  });

  it('another sheet drops the filter: its text, its answer and a search under way', async () => {
    const t = await loaded();
    t.type('bu');
    t.clock.increment(FILTER_DELAY_MS);
    t.searches[0].answer(Uint32Array.from([0, 2]));
    t.type('bud');
    t.clock.increment(FILTER_DELAY_MS);
    t.actor.send({ type: 'generator.sheetChanged', sheet: 'B' });
    expect(select.filterQuery(t.actor.getSnapshot())).toBe('');
    expect(t.shown()).toBeNull();
    expect(t.searches[1].stopped).toBe(true);
    await waitFor(t.actor, (s) => s.matches('ready') && s.context.table.rowCount > 0);
    t.searches[1].answer(Uint32Array.from([0]));
    expect(t.shown()).toBeNull();
  });

  it('keeps its text when the first template comes after the data', async () => {
    const t = await loaded();
    t.type('bu');
    t.clock.increment(FILTER_DELAY_MS);
    t.searches[0].answer(Uint32Array.from([0, 2]));
    t.actor.send({ type: 'generator.templateChosen', file: file('tagihan.docx') });
    await waitFor(t.actor, (s) => s.matches('ready') && s.context.placeholders.length > 0);
    expect(select.filterQuery(t.actor.getSnapshot())).toBe('bu');
    expect(t.shown()).toEqual([0, 2]);
  });
});
