import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  globalLoadingMachine,
  isLoadingVisible,
} from '../../../src/machines/globalLoading/machine';

function start() {
  const clock = new SimulatedClock();
  const timedOut: string[][] = [];
  const machine = globalLoadingMachine.provide({
    actions: { loadingTimedOut: (_, params) => timedOut.push(params.keys) },
  });
  const actor = createActor(machine, { clock }).start();
  const visible = () => isLoadingVisible(actor.getSnapshot());
  return { actor, clock, visible, timedOut };
}

describe('global loading machine', () => {
  it('shows the overlay only after 300 ms of loading', () => {
    const { actor, clock, visible } = start();
    actor.send({ type: 'loading.start', key: 'menus' });
    clock.increment(299);
    expect(visible()).toBe(false);
    clock.increment(1);
    expect(visible()).toBe(true);
    actor.send({ type: 'loading.stop', key: 'menus' });
    expect(visible()).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('never shows for a call that ends within 300 ms', () => {
    const { actor, clock, visible } = start();
    actor.send({ type: 'loading.start', key: 'save' });
    clock.increment(200);
    actor.send({ type: 'loading.stop', key: 'save' });
    clock.increment(1000);
    expect(visible()).toBe(false);
  });

  it('stays while any key is still loading', () => {
    const { actor, clock, visible } = start();
    actor.send({ type: 'loading.start', key: 'a' });
    actor.send({ type: 'loading.start', key: 'b' });
    actor.send({ type: 'loading.start', key: 'a' });
    clock.increment(300);
    actor.send({ type: 'loading.stop', key: 'a' });
    expect(visible()).toBe(true);
    expect(actor.getSnapshot().context.keys).toEqual(['b']);
    actor.send({ type: 'loading.stop', key: 'b' });
    expect(visible()).toBe(false);
  });

  it('gives up after 30 s and reports the keys left behind', () => {
    const { actor, clock, visible, timedOut } = start();
    actor.send({ type: 'loading.start', key: 'stuck' });
    clock.increment(29_999);
    expect(visible()).toBe(true);
    clock.increment(1);
    expect(visible()).toBe(false);
    expect(timedOut).toEqual([['stuck']]);
    expect(actor.getSnapshot().context.keys).toEqual([]);
  });

  it('a stop for an unknown key while idle changes nothing', () => {
    const { actor, visible } = start();
    actor.send({ type: 'loading.stop', key: 'nothing' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(visible()).toBe(false);
  });
});
