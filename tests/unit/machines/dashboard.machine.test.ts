import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, SimulatedClock, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import { toFrontEnd } from '../../../src/domain/billing/invoiceSummary';
import {
  dashboardMachine,
  dashboardStatus,
  DASHBOARD_LOAD_ERROR,
  type DashboardData,
  type LoadDashboardInput,
} from '../../../src/machines/dashboard/machine';

const summary = (period: string) =>
  toFrontEnd({
    id: 1,
    invoice_period: period,
    number_of_active_customer: 10,
    number_of_total_transaction: 100,
  });

function start(options: { empty?: string[]; fail?: () => unknown } = {}) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const machine = dashboardMachine.provide({
    actors: {
      loadDashboard: fromPromise<DashboardData, LoadDashboardInput>(async ({ input }) => {
        calls.push(input.period);
        const failure = options.fail?.();
        if (failure !== undefined) throw failure;
        return {
          period: input.period,
          summary: options.empty?.includes(input.period) ? null : summary(input.period),
          overview: [summary(input.period)],
        };
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { period: '2024-01' } }).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 1000 });
  return { actor, clock, calls, settled, status: () => dashboardStatus(actor.getSnapshot()) };
}

describe('dashboard machine', () => {
  it('loads the period it starts with and shows it', async () => {
    const { actor, calls, settled, status } = start();
    expect(status()).toBe('loading');
    await settled();
    expect(status()).toBe('loaded');
    expect(calls).toEqual(['2024-01']);
    expect(actor.getSnapshot().context.data?.summary?.period).toBe('2024-01');
  });

  it('shows the empty state when the period has no summary', async () => {
    const { settled, status } = start({ empty: ['2024-01'] });
    await settled();
    expect(status()).toBe('empty');
  });

  it('keeps each period for 3 minutes: switching back within them makes no call', async () => {
    const { actor, clock, calls, settled, status } = start({ empty: ['2024-02'] });
    await settled();
    actor.send({ type: 'dashboard.periodChanged', period: '2024-02' });
    await settled();
    expect(status()).toBe('empty');
    actor.send({ type: 'dashboard.periodChanged', period: '2024-01' });
    expect(status()).toBe('loaded');
    actor.send({ type: 'dashboard.periodChanged', period: '2024-02' });
    expect(status()).toBe('empty');
    expect(calls).toEqual(['2024-01', '2024-02']);

    clock.increment(3 * 60_000 - 1);
    actor.send({ type: 'dashboard.periodChanged', period: '2024-01' });
    expect(calls).toHaveLength(2);
    clock.increment(1);
    actor.send({ type: 'dashboard.periodChanged', period: '2024-02' });
    await settled();
    actor.send({ type: 'dashboard.periodChanged', period: '2024-01' });
    await settled();
    expect(calls).toEqual(['2024-01', '2024-02', '2024-02', '2024-01']);
  });

  it('a forced periodChanged (coming back from another route) empties the cache and reloads', async () => {
    const { actor, calls, settled } = start();
    await settled();
    actor.send({ type: 'dashboard.periodChanged', period: '2024-01', force: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(calls).toEqual(['2024-01', '2024-01']);
  });

  it('refresh reloads the current period and restarts its 3 minutes', async () => {
    const { actor, clock, calls, settled } = start();
    await settled();
    clock.increment(2 * 60_000);
    actor.send({ type: 'dashboard.refresh' });
    await settled();
    // The first load's expiry must not drop the refreshed entry.
    clock.increment(60_000);
    actor.send({ type: 'dashboard.periodChanged', period: '2024-01' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(calls).toEqual(['2024-01', '2024-01']);
  });

  it('fails with the service text, or the generic one, and Coba Lagi retries', async () => {
    let failures: unknown[] = [ServiceError.of('Gagal memuat data dashboard', 400), { odd: true }];
    const { actor, calls, settled, status } = start({ fail: () => failures.shift() });
    await settled();
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Gagal memuat data dashboard');
    expect(actor.getSnapshot().can({ type: 'dashboard.retry' })).toBe(true);
    actor.send({ type: 'dashboard.retry' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(DASHBOARD_LOAD_ERROR);
    actor.send({ type: 'dashboard.retry' });
    await settled();
    expect(status()).toBe('loaded');
    expect(calls).toHaveLength(3);
    failures = [];
  });

  it('retry is only possible after a failure', () => {
    const snapshot = dashboardMachine.resolveState({
      value: 'loaded',
      context: { period: '2024-01', data: null, cache: {}, cacheVersion: 0, error: null },
    });
    expect(getNextSnapshot(dashboardMachine, snapshot, { type: 'dashboard.retry' }).value).toBe(
      'loaded',
    );
  });
});
