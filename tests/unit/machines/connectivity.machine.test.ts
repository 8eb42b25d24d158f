import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  connectivityMachine,
  type ConnectivityEvent,
} from '../../../src/machines/connectivity/machine';

function start(online: boolean, probe: () => Promise<void> = async () => {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  let emit: ((e: ConnectivityEvent) => void) | undefined;
  const machine = connectivityMachine.provide({
    actors: {
      networkEvents: fromCallback<ConnectivityEvent>(({ sendBack }) => {
        emit = sendBack;
        return () => log.push('unsubscribed');
      }),
      probeServer: fromPromise(probe),
    },
    actions: {
      showOfflineWarning: () => log.push('show offline'),
      hideOfflineWarning: () => log.push('hide offline'),
      serverBack: () => log.push('server back'),
    },
  });
  const actor = createActor(machine, { input: { online }, clock }).start();
  return { actor, clock, log, emit: (e: ConnectivityEvent) => emit?.(e) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('connectivity machine', () => {
  it('starts offline with the persistent warning when the browser is offline', () => {
    const { actor, log } = start(false);
    expect(actor.getSnapshot().value).toBe('offline');
    expect(log).toEqual(['show offline']);
  });

  it('going offline shows the warning, coming back hides it', () => {
    const { actor, log, emit } = start(true);
    expect(actor.getSnapshot().matches('online')).toBe(true);
    emit({ type: 'connectivity.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
    emit({ type: 'connectivity.online' });
    expect(actor.getSnapshot().matches({ online: 'reachable' })).toBe(true);
    expect(log).toEqual(['show offline', 'hide offline']);
    actor.stop();
    expect(log).toContain('unsubscribed');
  });

  it('probes an unreachable server every 5 s until it answers', async () => {
    let up = false;
    let probes = 0;
    const { actor, clock, log } = start(true, async () => {
      probes += 1;
      if (!up) throw new Error('down');
    });
    actor.send({ type: 'connectivity.serverUnreachable' });
    clock.increment(4999);
    expect(probes).toBe(0);
    clock.increment(1);
    await flush();
    expect(probes).toBe(1);
    expect(actor.getSnapshot().matches({ online: { unreachable: 'waiting' } })).toBe(true);
    up = true;
    clock.increment(5000);
    await flush();
    expect(probes).toBe(2);
    expect(actor.getSnapshot().matches({ online: 'reachable' })).toBe(true);
    expect(log).toEqual(['server back']);
  });

  it('a successful API call also ends the unreachable state', () => {
    const { actor, log } = start(true);
    actor.send({ type: 'connectivity.serverUnreachable' });
    actor.send({ type: 'connectivity.serverReachable' });
    expect(actor.getSnapshot().matches({ online: 'reachable' })).toBe(true);
    expect(log).toEqual(['server back']);
    actor.send({ type: 'connectivity.serverReachable' });
    expect(log).toEqual(['server back']);
  });
});
