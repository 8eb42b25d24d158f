import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import { toFrontEnd, type InvoiceSummary } from '../../../src/domain/billing/invoiceSummary';
import {
  selectedSummary,
  summaryListMachine,
  SUMMARY_DELETED_MESSAGE,
  type DeleteSummaryInput,
} from '../../../src/machines/summaryList/machine';

const summaries = (): InvoiceSummary[] => [
  toFrontEnd({ id: 2, invoice_period: '2024-02', number_of_total_transaction: 10 }),
  toFrontEnd({ id: 1, invoice_period: '2024-01', number_of_total_transaction: 10, version: 3 }),
];

function start(options: { period?: string; failLoads?: number; failDelete?: boolean } = {}) {
  const clock = new SimulatedClock();
  let rows = summaries();
  let failLoads = options.failLoads ?? 0;
  const calls: string[] = [];
  const machine = summaryListMachine.provide({
    actors: {
      loadSummaries: fromPromise(async () => {
        calls.push('load');
        if (failLoads-- > 0) throw ServiceError.of('Gagal memuat data dashboard', 400);
        return rows;
      }),
      deleteSummary: fromPromise(async ({ input }: { input: DeleteSummaryInput }) => {
        // With the version the table shows (If-Match).
        calls.push(`delete ${input.id} at ${input.version}`);
        if (options.failDelete) throw ServiceError.of('Gagal menghapus invoice summary', 404);
        rows = rows.filter((r) => r.id !== input.id);
        return SUMMARY_DELETED_MESSAGE;
      }),
    },
    actions: { editorClosed: () => calls.push('editor closed') },
  });
  const actor = createActor(machine, { clock, input: { period: options.period ?? null } }).start();
  const idle = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });
  const list = () => (actor.getSnapshot().value as { list: string }).list;
  return { actor, clock, calls, idle, list, ctx: () => actor.getSnapshot().context };
}

describe('summary list machine', () => {
  it('loads the table', async () => {
    const { idle, list, ctx } = start();
    await idle();
    expect(list()).toBe('browsing');
    expect(ctx().summaries.map((s) => s.period)).toEqual(['2024-02', '2024-01']);
  });

  it('?period= opens that summary once', async () => {
    const { actor, idle, list, ctx } = start({ period: '2024-01' });
    await idle();
    expect(list()).toBe('editing');
    expect(selectedSummary(ctx())?.period).toBe('2024-01');
    actor.send({ type: 'list.closeEditor' });
    expect(list()).toBe('browsing');
    expect(ctx().requestedPeriod).toBeNull();
  });

  it('?period= without a summary says so for 5 s and shows the table', async () => {
    const { clock, idle, list, ctx } = start({ period: '2023-05' });
    await idle();
    expect(list()).toBe('browsing');
    expect(ctx().notice).toBe('No invoice summary found for this period');
    clock.increment(5000);
    expect(ctx().notice).toBeNull();
  });

  it('deletes only after the confirmation, then reloads and says so', async () => {
    const { actor, calls, idle, list, ctx } = start();
    await idle();
    actor.send({ type: 'list.delete', id: 1 });
    expect(list()).toBe('confirmingDelete');
    actor.send({ type: 'list.cancelDelete' });
    expect(list()).toBe('browsing');
    expect(calls).toEqual(['load']);
    actor.send({ type: 'list.delete', id: 1 });
    actor.send({ type: 'list.confirmDelete' });
    await waitFor(actor, (s) => s.matches({ list: 'browsing' }) && !s.hasTag('busy'), {
      timeout: 1000,
    });
    expect(calls).toEqual(['load', 'delete 1 at 3', 'load']);
    expect(ctx().summaries.map((s) => s.period)).toEqual(['2024-02']);
    expect(ctx().success).toBe(SUMMARY_DELETED_MESSAGE);
  });

  it('a failed delete keeps the row and shows the error', async () => {
    const { actor, idle, list, ctx } = start({ failDelete: true });
    await idle();
    actor.send({ type: 'list.delete', id: 1 });
    actor.send({ type: 'list.confirmDelete' });
    await idle();
    expect(list()).toBe('browsing');
    expect(ctx().error).toBe('Gagal menghapus invoice summary');
    expect(ctx().summaries).toHaveLength(2);
  });

  it('after a save the editor closes, the list reloads and the message shows for 5 s', async () => {
    const { actor, clock, calls, idle, list, ctx } = start();
    await idle();
    actor.send({ type: 'list.edit', id: 2 });
    expect(list()).toBe('editing');
    actor.send({ type: 'list.saved', message: 'Invoice summary berhasil diupdate' });
    await idle();
    expect(list()).toBe('browsing');
    expect(calls).toEqual(['load', 'editor closed', 'load']);
    expect(ctx().success).toBe('Invoice summary berhasil diupdate');
    clock.increment(5000);
    expect(ctx().success).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    const { actor, idle, list, ctx } = start({ failLoads: 1 });
    await idle();
    expect(list()).toBe('failed');
    expect(ctx().error).toBe('Gagal memuat data dashboard');
    actor.send({ type: 'list.retry' });
    await idle();
    expect(list()).toBe('browsing');
  });
});
