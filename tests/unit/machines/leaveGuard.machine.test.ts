import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { leaveGuardMachine } from '../../../src/machines/leaveGuard/machine';

// Leaving a form with unsaved changes asks first (issue 26); a clean form lets the link go.
function start() {
  const went: string[] = [];
  const actor = createActor(
    leaveGuardMachine.provide({ actions: { navigate: (_, { to }) => went.push(to) } }),
  ).start();
  return { actor, went };
}

describe('leave guard', () => {
  it('clean: a link goes at once', () => {
    const { actor, went } = start();
    actor.send({ type: 'leave.request', to: '/dashboard' });
    expect(went).toEqual(['/dashboard']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('dirty: asks; Tetap di sini stays and keeps asking next time', () => {
    const { actor, went } = start();
    actor.send({ type: 'leave.dirtyChanged', dirty: true });
    actor.send({ type: 'leave.request', to: '/dashboard' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.pending).toBe('/dashboard');
    actor.send({ type: 'leave.cancel' });
    expect(went).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ dirty: true, pending: null });
    actor.send({ type: 'leave.request', to: '/profile' });
    expect(actor.getSnapshot().value).toBe('asking');
  });

  it('dirty: Tinggalkan goes to the link asked for last', () => {
    const { actor, went } = start();
    actor.send({ type: 'leave.dirtyChanged', dirty: true });
    actor.send({ type: 'leave.request', to: '/dashboard' });
    actor.send({ type: 'leave.request', to: '/user-management' });
    actor.send({ type: 'leave.confirm' });
    expect(went).toEqual(['/user-management']);
    expect(actor.getSnapshot().context).toEqual({ dirty: false, pending: null });
  });

  it('saved (clean again): the next link goes without asking', () => {
    const { actor, went } = start();
    actor.send({ type: 'leave.dirtyChanged', dirty: true });
    actor.send({ type: 'leave.dirtyChanged', dirty: false });
    actor.send({ type: 'leave.request', to: '/dashboard?period=2026-10' });
    expect(went).toEqual(['/dashboard?period=2026-10']);
  });
});
