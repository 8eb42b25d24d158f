// Issue 25: the history machine (Riwayat Perubahan, a user's history) and the export machine.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import {
  exportFileMachine,
  type ExportFileInput,
  type ExportFileOutput,
} from '../../../src/machines/exportFile/machine';
import {
  selectExportedFile,
  selectExportError,
  selectExporting,
} from '../../../src/machines/exportFile/selectors';
import {
  historyMachine,
  type HistoryPage,
  type LoadHistoryInput,
} from '../../../src/machines/history/machine';
import {
  selectHistoryError,
  selectHistoryEvents,
  selectHistoryPage,
  selectHistoryPages,
} from '../../../src/machines/history/selectors';

describe('history machine', () => {
  function start(answer: (input: LoadHistoryInput) => HistoryPage) {
    const asked: LoadHistoryInput[] = [];
    const machine = historyMachine.provide({
      actors: {
        loadHistory: fromPromise<HistoryPage, LoadHistoryInput>(async ({ input }) => {
          asked.push(input);
          return answer(input);
        }),
      },
    });
    const actor = createActor(machine, { input: { id: 7, failedText: 'Gagal' } }).start();
    const idle = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });
    return { actor, asked, idle };
  }

  it('reads the first page, pages on, and starts again when the record changes', async () => {
    const { actor, asked, idle } = start(({ page }) => ({
      events: [{ id: page } as never],
      total: 25,
    }));
    await idle();
    expect(asked).toEqual([{ id: 7, page: 1, limit: 10 }]);
    expect(selectHistoryPages(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'history.page', page: 2 });
    await idle();
    expect(selectHistoryPage(actor.getSnapshot())).toBe(2);
    expect(selectHistoryEvents(actor.getSnapshot())).toEqual([{ id: 2 }]);
    actor.send({ type: 'history.reload', id: 8 });
    await idle();
    expect(asked.at(-1)).toEqual({ id: 8, page: 1, limit: 10 });
  });

  it("shows the call's own text when it fails, else its fallback", async () => {
    const refused = start(() => {
      throw ServiceError.of('Akses ditolak', 403);
    });
    await refused.idle();
    expect(selectHistoryError(refused.actor.getSnapshot())).toBe('Akses ditolak');
    const broken = start(() => {
      throw new Error('bug');
    });
    await broken.idle();
    expect(selectHistoryError(broken.actor.getSnapshot())).toBe('Gagal');
  });
});

describe('export machine', () => {
  it('is busy while the file is made, then names it; a refusal says why', async () => {
    const asked: ExportFileInput[] = [];
    let fail = false;
    const machine = exportFileMachine.provide({
      actors: {
        exportFile: fromPromise<ExportFileOutput, ExportFileInput>(async ({ input }) => {
          asked.push(input);
          if (fail) throw ServiceError.of('Too many requests', 429);
          return { fileName: `users_2026-11-25.${input.format}` };
        }),
      },
    });
    const actor = createActor(machine, { input: { failedText: 'Failed' } }).start();
    actor.send({ type: 'export.start', format: 'csv' });
    expect(selectExporting(actor.getSnapshot())).toBe(true);
    // A second click while busy starts nothing.
    actor.send({ type: 'export.start', format: 'xlsx' });
    await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });
    expect(asked).toEqual([{ format: 'csv' }]);
    expect(selectExportedFile(actor.getSnapshot())).toBe('users_2026-11-25.csv');

    fail = true;
    actor.send({ type: 'export.start', format: 'xlsx' });
    await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });
    expect(selectExportError(actor.getSnapshot())).toBe('Too many requests');
    expect(selectExportedFile(actor.getSnapshot())).toBeNull();
  });
});
