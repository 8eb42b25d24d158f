import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation';
import {
  progressDialogMachine,
  type ProgressTarget,
  type SaveProgressInput,
  type SaveProgressOutput,
} from '../../../src/machines/progressDialog/machine';

const target = (over: Partial<ProgressTarget> = {}): ProgressTarget => ({
  invoiceId: 7,
  period: '2024-01',
  stepKey: 'usage',
  count: 20,
  total: 100,
  url: 'https://drive.example.com/draft',
  ...over,
});

function start(save?: (input: SaveProgressInput) => Promise<SaveProgressOutput>) {
  const clock = new SimulatedClock();
  const saved: SaveProgressInput[] = [];
  let refreshed = 0;
  const machine = progressDialogMachine.provide({
    actors: {
      saveProgress: fromPromise<SaveProgressOutput, SaveProgressInput>(async ({ input }) => {
        saved.push(input);
        return save ? save(input) : { message: VALIDATION_MESSAGES.PROGRESS_SAVED };
      }),
    },
    actions: { progressSaved: () => void refreshed++ },
  });
  const actor = createActor(machine, { clock }).start();
  const dialog = () => actor.getSnapshot().value as { dialog: unknown };
  return {
    actor,
    clock,
    saved,
    refreshed: () => refreshed,
    ctx: () => actor.getSnapshot().context,
    dialog: () => dialog().dialog,
  };
}

describe('progress dialog machine', () => {
  it('opens on a step with its count, total and URL', () => {
    const { actor, ctx, dialog } = start();
    expect(dialog()).toBe('closed');
    actor.send({ type: 'progress.open', target: target() });
    expect(dialog()).toEqual({ open: 'editing' });
    expect(ctx()).toMatchObject({
      countText: '20',
      total: 100,
      period: '2024-01',
      url: 'https://drive.example.com/draft',
    });
  });

  it('refuses a count above the total or below zero with the docs/product.md#input-rules messages, which vanish after 5 s', () => {
    const { actor, clock, ctx, saved } = start();
    actor.send({ type: 'progress.open', target: target() });
    actor.send({ type: 'progress.countChanged', value: '101' });
    actor.send({ type: 'progress.save' });
    expect(ctx().fieldErrors.count).toBe('Jumlah progress tidak boleh melebihi total transaksi!');
    actor.send({ type: 'progress.countChanged', value: '-1' });
    expect(ctx().fieldErrors.count).toBeUndefined();
    actor.send({ type: 'progress.save' });
    expect(ctx().fieldErrors.count).toBe('Jumlah progress tidak boleh negatif!');
    clock.increment(4999);
    expect(ctx().fieldErrors.count).toBe('Jumlah progress tidak boleh negatif!');
    clock.increment(1);
    expect(ctx().fieldErrors.count).toBeUndefined();
    expect(saved).toEqual([]);
  });

  it("says 'Invoice ID not found' when the summary has no id", () => {
    const { actor, ctx, saved } = start();
    actor.send({ type: 'progress.open', target: target({ invoiceId: null }) });
    actor.send({ type: 'progress.save' });
    expect(ctx().error).toBe('Invoice ID not found');
    expect(saved).toEqual([]);
  });

  it('checks the URL of steps that have one and ignores it for delivery', async () => {
    const { actor, ctx, saved } = start();
    actor.send({ type: 'progress.open', target: target() });
    actor.send({ type: 'progress.urlChanged', value: 'javascript:alert(1)' });
    actor.send({ type: 'progress.save' });
    expect(ctx().fieldErrors.url).toBe('URL dokumen draft tidak valid');
    actor.send({ type: 'progress.cancel' });
    actor.send({
      type: 'progress.open',
      target: target({ stepKey: 'delivered', url: 'not a url' }),
    });
    actor.send({ type: 'progress.save' });
    await waitFor(actor, (s) => s.matches({ dialog: { open: 'saved' } }), { timeout: 1000 });
    expect(saved).toEqual([{ stepKey: 'delivered', invoiceId: 7, count: 20, version: null }]);
  });

  it('saves, shows the success message, refreshes the dashboard, closes after 1.5 s; the message goes after 5 s', async () => {
    const { actor, clock, ctx, saved, refreshed, dialog } = start();
    actor.send({ type: 'progress.open', target: target() });
    actor.send({ type: 'progress.countChanged', value: '100' });
    actor.send({ type: 'progress.urlChanged', value: ' https://drive.example.com/new ' });
    actor.send({ type: 'progress.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'progress.save' })).toBe(false);
    await waitFor(actor, (s) => s.matches({ dialog: { open: 'saved' } }), { timeout: 1000 });
    expect(saved).toEqual([
      {
        stepKey: 'usage',
        invoiceId: 7,
        count: 100,
        url: 'https://drive.example.com/new',
        version: null,
      },
    ]);
    expect(ctx().success).toBe('Progress berhasil diupdate!');
    expect(refreshed()).toBe(1);
    clock.increment(1499);
    expect(dialog()).toEqual({ open: 'saved' });
    clock.increment(1);
    expect(dialog()).toBe('closed');
    expect(ctx().success).toBe('Progress berhasil diupdate!');
    clock.increment(3500);
    expect(ctx().success).toBeNull();
  });

  it('shows the service failure and stays open for another try', async () => {
    const { actor, ctx, dialog, refreshed } = start(async () => {
      throw ServiceError.of('Terjadi kesalahan saat menyimpan progress', 500);
    });
    actor.send({ type: 'progress.open', target: target() });
    actor.send({ type: 'progress.save' });
    await waitFor(actor, (s) => s.context.error !== null, { timeout: 1000 });
    expect(dialog()).toEqual({ open: 'editing' });
    expect(ctx().error).toBe('Terjadi kesalahan saat menyimpan progress');
    expect(refreshed()).toBe(0);
  });

  it('Batal closes without saving', () => {
    const { actor, dialog, saved } = start();
    actor.send({ type: 'progress.open', target: target() });
    actor.send({ type: 'progress.countChanged', value: '50' });
    actor.send({ type: 'progress.cancel' });
    expect(dialog()).toBe('closed');
    expect(saved).toEqual([]);
  });
});
