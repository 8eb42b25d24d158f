// While the server converts, the machine keeps the conversion's progress (docs/generator.md, "PDF
// outputs"): a watcher polls it by the id the request was sent with, the pages shown are those
// the server counts, and the watcher stops with the conversion on success, failure and Cancel.
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../../src/domain/generator/pdfProgress';
import { select } from '../../../src/machines/generator/selectors';
import { inHop, settled, started, type Run } from './support/pdfRun';

const counts = (sections: number | null, sectionsDone: number, pagesDone: number) => ({
  type: 'generator.pdfProgress' as const,
  sections,
  sectionsDone,
  pagesDone,
});

async function converting(): Promise<Run> {
  const t = await started('pdf');
  t.merged();
  await inHop(t, 'converting');
  return t;
}

describe('generator machine: the conversion progress', () => {
  it('polls by the id the conversion is sent with, and shows the pages done', async () => {
    const t = await converting();
    expect(t.watch.runs).toHaveLength(1);
    const id = t.watch.runs[0].progressId;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(t.convert.runs[0].input.progressId).toBe(id);

    // Before the first chunk is done: no pages, the panel says just "Converting to PDF…".
    t.watch.send!(counts(null, 0, 0));
    expect(select.pdfPages(t.actor.getSnapshot())).toBeNull();
    t.watch.send!(counts(10_000, 0, 0));
    expect(select.pdfPages(t.actor.getSnapshot())).toBeNull();
    // One page a section so far: the total is the sections count.
    t.watch.send!(counts(10_000, 3_000, 3_000));
    expect(select.pdfPages(t.actor.getSnapshot())).toEqual({ done: 3_000, total: 10_000 });
    t.convert.runs[0].resolve(new Blob(['%PDF-1.7']));
    await settled(t);
    expect(select.pdfPages(t.actor.getSnapshot())).toBeNull();
    expect(t.watch.stopped).toBe(1);
  });

  it('a failed conversion and Cancel stop the watcher too', async () => {
    const failed = await converting();
    failed.convert.runs[0].reject(new Error('LibreOffice could not open it'));
    await settled(failed);
    expect(failed.watch.stopped).toBe(1);

    const cancelled = await converting();
    cancelled.watch.send!(counts(100, 20, 40));
    cancelled.actor.send({ type: 'generator.cancel' });
    await settled(cancelled);
    expect(cancelled.watch.stopped).toBe(1);
    expect(select.pdfPages(cancelled.actor.getSnapshot())).toBeNull();
    expect(cancelled.actor.getSnapshot().context.pdfRun).toBeNull();
  });

  it('a new run polls by a new id', async () => {
    const first = await converting();
    const second = await converting();
    expect(second.watch.runs[0].progressId).not.toBe(first.watch.runs[0].progressId);
  });
});

describe('the pages expected', () => {
  it('are the sections while every section was one page, else extrapolated from those done', () => {
    expect(pdfPages({ sections: 10_000, sectionsDone: 0, pagesDone: 0 })).toBeNull();
    expect(pdfPages({ sections: null, sectionsDone: 0, pagesDone: 0 })).toBeNull();
    expect(pdfPages({ sections: 10_000, sectionsDone: 200, pagesDone: 200 })).toEqual({
      done: 200,
      total: 10_000,
    });
    // Two pages a section in the chunks done: twice the sections expected.
    expect(pdfPages({ sections: 1_000, sectionsDone: 300, pagesDone: 600 })).toEqual({
      done: 600,
      total: 2_000,
    });
    expect(pdfPages({ sections: 7, sectionsDone: 3, pagesDone: 4 })).toEqual({ done: 4, total: 9 });
  });
});
