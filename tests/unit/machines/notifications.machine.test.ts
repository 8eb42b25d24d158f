import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  notificationsMachine,
  type NotifyRequest,
} from '../../../src/machines/notifications/machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock }).start();
  const show = (notification: NotifyRequest) =>
    actor.send({ type: 'notifications.show', notification });
  const messages = () => actor.getSnapshot().context.items.map((n) => n.message);
  return { clock, actor, show, messages };
}

describe('notifications machine', () => {
  it('hides a notice after the default 4 s', () => {
    const { clock, show, messages } = start();
    show({ type: 'success', message: 'Saved' });
    clock.increment(3999);
    expect(messages()).toEqual(['Saved']);
    clock.increment(1);
    expect(messages()).toEqual([]);
  });

  it('uses an explicit duration, e.g. the 3 s of a guard info notice', () => {
    const { clock, show, messages } = start();
    show({
      type: 'info',
      title: 'Sign In Required',
      message: 'Please sign in to access this page.',
      duration: 3000,
    });
    clock.increment(2999);
    expect(messages()).toHaveLength(1);
    clock.increment(1);
    expect(messages()).toHaveLength(0);
  });

  it.each([
    ['low', 3000],
    ['medium', 5000],
    ['high', 7000],
  ] as const)('severity %s lasts %i ms', (severity, ms) => {
    const { clock, show, messages } = start();
    show({ type: 'error', message: 'Boom', severity });
    clock.increment(ms - 1);
    expect(messages()).toEqual(['Boom']);
    clock.increment(1);
    expect(messages()).toEqual([]);
  });

  it('keeps critical and persistent notices until dismissed', () => {
    const { clock, actor, show, messages } = start();
    show({ type: 'error', message: 'Critical', severity: 'critical' });
    show({
      type: 'warning',
      title: 'Connection Lost',
      message: 'Offline',
      persistent: true,
      key: 'offline',
    });
    clock.increment(600_000);
    expect(messages()).toEqual(['Offline', 'Critical']);
    const offline = actor.getSnapshot().context.items[0];
    expect(offline.persistent).toBe(true);
    actor.send({ type: 'notifications.dismissKey', key: 'offline' });
    expect(messages()).toEqual(['Critical']);
    actor.send({ type: 'notifications.dismiss', id: actor.getSnapshot().context.items[0].id });
    expect(messages()).toEqual([]);
  });

  it('shows at most 5, dropping the oldest', () => {
    const { show, messages } = start();
    for (let i = 1; i <= 7; i++) show({ type: 'info', message: `m${i}`, persistent: true });
    expect(messages()).toEqual(['m7', 'm6', 'm5', 'm4', 'm3']);
  });

  it('replaces a repeated notice instead of stacking it, restarting its timer', () => {
    const { clock, show, messages } = start();
    show({ type: 'error', title: 'Connection Error', message: 'down', duration: 5000 });
    clock.increment(4000);
    show({ type: 'error', title: 'Connection Error', message: 'down', duration: 5000 });
    expect(messages()).toEqual(['down']);
    clock.increment(4000);
    expect(messages()).toEqual(['down']);
    clock.increment(1000);
    expect(messages()).toEqual([]);
  });

  it('a dismissed notice does not come back and its timer does not touch a later one', () => {
    const { clock, actor, show, messages } = start();
    show({ type: 'info', message: 'first', duration: 1000 });
    actor.send({ type: 'notifications.dismiss', id: actor.getSnapshot().context.items[0].id });
    show({ type: 'info', message: 'second', duration: 5000 });
    clock.increment(1000);
    expect(messages()).toEqual(['second']);
    actor.send({ type: 'notifications.clear' });
    expect(messages()).toEqual([]);
  });
});
