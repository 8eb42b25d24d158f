// Generate with a PDF output runs in hops, each a substate of generating with its own actor
// (docs/generator.md, "PDF outputs"): merging → converting → splitting. The actors here are the
// machine's contract played by the test (./support/pdfRun.ts).
import { describe, expect, it } from 'vitest';
import { select } from '../../../src/machines/generator/selectors';
import { inHop, MERGED, settled, started, ZIP, type Run } from './support/pdfRun';

describe('generator machine: a PDF run in hops', () => {
  it('one PDF: merging, then converting the merged document, then the PDF downloads', async () => {
    const t = await started('pdf');
    expect(select.processingStep(t.actor.getSnapshot())).toBe('generating');
    t.merged();
    await inHop(t, 'converting');
    expect(select.processingStep(t.actor.getSnapshot())).toBe('converting');
    expect(t.convert.runs.map((r) => r.input.file)).toEqual([MERGED.file]);
    // One PDF: the section markers are the server's to cut chunks at, not bookmarks of the PDF.
    expect(t.convert.runs[0].input.dropMarkers).toBe(true);
    t.convert.runs[0].resolve(new Blob(['%PDF-1.7']));
    await settled(t);

    expect(t.visited).toEqual([
      '{"generating":"merging"}',
      '{"generating":"converting"}',
      '{"ready":"idle"}',
    ]);
    expect(t.downloads).toHaveLength(1);
    expect(t.downloads[0].fileName).toBe('Merged_Invoices_2026-11-27.pdf');
    expect(t.downloads[0].file.type).toBe('application/pdf');
    expect(await t.downloads[0].file.text()).toBe('%PDF-1.7');
    const { context } = t.actor.getSnapshot();
    // The merge's counts and warnings are the run's.
    expect(context.success).toBe(
      'Successfully generated a PDF with 2 sections (1 row skipped due to insufficient data)',
    );
    expect(context.warning).toBe('Row 3: too few values');
    expect(context.lastRun).toMatchObject({ documents: 2, output: 'pdf' });
    expect(t.split.runs).toEqual([]);
  });

  it('one PDF per row: merging, converting, then splitting the PDF by section names', async () => {
    const t = await started('pdfPerRow');
    t.merged();
    await inHop(t, 'converting');
    // The split needs the markers' bookmarks.
    expect(t.convert.runs[0].input.dropMarkers).toBe(false);
    const pdf = new Blob(['%PDF-1.7']);
    t.convert.runs[0].resolve(pdf);
    await inHop(t, 'splitting');
    // The split is short and follows the conversion: the panel keeps naming it converting.
    expect(select.processingStep(t.actor.getSnapshot())).toBe('converting');
    expect(t.split.runs[0].input).toEqual({ pdf, sectionNames: ['Budi.pdf', 'Sari.pdf'] });
    t.split.runs[0].resolve(ZIP);
    await settled(t);

    expect(t.visited).toEqual([
      '{"generating":"merging"}',
      '{"generating":"converting"}',
      '{"generating":"splitting"}',
      '{"ready":"idle"}',
    ]);
    expect(t.downloads).toEqual([{ file: ZIP.file, fileName: ZIP.fileName }]);
    expect(t.actor.getSnapshot().context.success).toBe(
      'Successfully generated 2 files in Invoices_2026-11-27.zip (1 row skipped due to insufficient data)',
    );
    expect(t.actor.getSnapshot().context.pdfRun).toBeNull();
  });

  it('a .docx output never leaves merging for the PDF hops', async () => {
    const t = await started('merged');
    t.merged();
    await settled(t);
    expect(t.visited).toEqual(['{"generating":"merging"}', '{"ready":"idle"}']);
    expect(t.convert.runs).toEqual([]);
    expect(t.downloads.map((d) => d.fileName)).toEqual([MERGED.fileName]);
  });
});

describe('generator machine: Cancel stops the hop that runs', () => {
  const cancelled = (t: Run) => {
    t.actor.send({ type: 'generator.cancel' });
    const snapshot = t.actor.getSnapshot();
    expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    expect(snapshot.context.warning).toBe('Generation cancelled');
    expect(snapshot.context.pdfRun).toBeNull();
    expect(snapshot.can({ type: 'generator.generate' })).toBe(true);
  };

  it('while merging: the worker call is stopped, a late merge is ignored', async () => {
    const t = await started('pdfPerRow');
    cancelled(t);
    expect(t.merge.stopped).toBe(1);
    t.actor.send({ type: 'generator.merged', result: MERGED });
    expect(t.convert.runs).toEqual([]);
    expect(t.downloads).toEqual([]);
  });

  it('while converting: the request is aborted, a late PDF downloads nothing', async () => {
    const t = await started('pdf');
    t.merged();
    await inHop(t, 'converting');
    cancelled(t);
    expect(t.convert.runs[0].signal.aborted).toBe(true);
    t.convert.runs[0].resolve(new Blob(['%PDF']));
    await Promise.resolve();
    expect(t.downloads).toEqual([]);
    expect(t.actor.getSnapshot().context.success).toBe('');
  });

  it('while splitting: the worker call is aborted, a late zip downloads nothing', async () => {
    const t = await started('pdfPerRow');
    t.merged();
    await inHop(t, 'converting');
    t.convert.runs[0].resolve(new Blob(['%PDF']));
    await inHop(t, 'splitting');
    cancelled(t);
    expect(t.split.runs[0].signal.aborted).toBe(true);
    t.split.runs[0].resolve(ZIP);
    await Promise.resolve();
    expect(t.downloads).toEqual([]);
  });
});

describe('generator machine: a failed hop ends the run with its error', () => {
  const failedWith = async (t: Run, text: string) => {
    await settled(t);
    const snapshot = t.actor.getSnapshot();
    expect(snapshot.context.error).toBe(`Error generating documents: ${text}`);
    expect(snapshot.context.success).toBe('');
    expect(snapshot.context.pdfRun).toBeNull();
    expect(t.downloads).toEqual([]);
    expect(snapshot.can({ type: 'generator.generate' })).toBe(true);
  };

  it('the merge', async () => {
    const t = await started('pdf');
    t.failMerge();
    await failedWith(t, 'boom');
    expect(t.convert.runs).toEqual([]);
  });

  it('the conversion', async () => {
    const t = await started('pdfPerRow');
    t.merged();
    await inHop(t, 'converting');
    t.convert.runs[0].reject(new Error('LibreOffice is not available'));
    await failedWith(t, 'LibreOffice is not available');
    expect(t.split.runs).toEqual([]);
  });

  it('the split', async () => {
    const t = await started('pdfPerRow');
    t.merged();
    await inHop(t, 'converting');
    t.convert.runs[0].resolve(new Blob(['%PDF']));
    await inHop(t, 'splitting');
    t.split.runs[0].reject(new Error('The PDF has no outline'));
    await failedWith(t, 'The PDF has no outline');
  });
});
