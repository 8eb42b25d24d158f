import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ChangePasswordForm } from '../../../src/domain/validation';
import { changePasswordMachine } from '../../../src/machines/changePassword/machine';
import { ServiceError, type ServiceResult } from '../../../src/domain/serviceResult';

function start(answer: ServiceResult<unknown> | ServiceError) {
  const clock = new SimulatedClock();
  const sent: ChangePasswordForm[] = [];
  let changed = 0;
  const machine = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise(async ({ input }: { input: ChangePasswordForm }) => {
        sent.push(input);
        if (answer instanceof ServiceError) throw answer;
        return answer;
      }),
    },
    actions: { passwordChanged: () => void changed++ },
  });
  const actor = createActor(machine, { clock }).start();
  const fill = (v: Partial<ChangePasswordForm>) => {
    for (const [field, value] of Object.entries(v))
      actor.send({
        type: 'password.change',
        field: field as keyof ChangePasswordForm,
        value: value!,
      });
  };
  return { clock, actor, sent, fill, changed: () => changed };
}

const ok = {
  success: true,
  data: null,
  error: null,
  status: 200,
  message: 'Password changed successfully. Other sessions have been signed out.',
};

describe('change password machine', () => {
  it('checks the docs/product.md#input-rules rules: required, new ≥ 8 and different, confirm matches', () => {
    const { actor, fill, sent } = start(ok);
    actor.send({ type: 'password.open' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
    });
    fill({ currentPassword: 'Admin12345', newPassword: 'short', confirmPassword: 'short' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      newPassword: 'New password must be at least 8 characters',
    });
    fill({ newPassword: 'Admin12345', confirmPassword: 'Admin12345' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      newPassword: 'New password must be different from current password',
    });
    fill({ newPassword: 'NewPass123', confirmPassword: 'NewPass124' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(sent).toEqual([]);
  });

  it('shows the success message, then closes 2 s later and forgets the passwords', async () => {
    const { actor, clock, fill, sent, changed } = start(ok);
    actor.send({ type: 'password.open' });
    fill({
      currentPassword: 'Admin12345',
      newPassword: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    actor.send({ type: 'password.submit' });
    await waitFor(actor, (s) => s.matches('succeeded'), { timeout: 1000 });
    expect(sent).toEqual([
      { currentPassword: 'Admin12345', newPassword: 'NewPass123', confirmPassword: 'NewPass123' },
    ]);
    expect(actor.getSnapshot().context.success).toBe(ok.message);
    expect(changed()).toBe(1);
    clock.increment(1999);
    expect(actor.getSnapshot().matches('succeeded')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.values).toEqual({
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
  });

  it('keeps the modal open with the server text for a wrong current password', async () => {
    const { actor, fill, changed } = start(
      new ServiceError({
        success: false,
        data: null,
        error: 'Current password is incorrect.',
        status: 400,
      }),
    );
    actor.send({ type: 'password.open' });
    fill({
      currentPassword: 'wrongwrong',
      newPassword: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    actor.send({ type: 'password.submit' });
    await waitFor(actor, (s) => s.matches('editing'), { timeout: 1000 });
    expect(actor.getSnapshot().context.error).toBe('Current password is incorrect.');
    expect(changed()).toBe(0);
  });
});
