import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import {
  serverErrorField,
  userFormMachine,
  type CreateUserInput,
  type SaveUserOutput,
  type UpdateUserInput,
} from '../../../src/machines/userForm/machine';

const ok: SaveUserOutput = {
  success: true,
  data: null,
  error: null,
  status: 201,
  message: 'User created successfully.',
};

/** A save the server refused: the actor rejects with a ServiceError (the wiring's contract). */
const refused = (error: string, status: number, field?: string) =>
  new ServiceError({ success: false, data: null, error, status, ...(field ? { field } : {}) });

function start(answer: SaveUserOutput | Error = ok) {
  const clock = new SimulatedClock();
  const created: CreateUserInput[] = [];
  const updated: UpdateUserInput[] = [];
  const saved: string[] = [];
  const machine = userFormMachine.provide({
    actors: {
      createUser: fromPromise(
        async ({ input }: { input: CreateUserInput }) => (created.push(input), settle(answer)),
      ),
      updateUser: fromPromise(
        async ({ input }: { input: UpdateUserInput }) => (updated.push(input), settle(answer)),
      ),
    },
    actions: { saved: (_, message) => saved.push(message) },
  });
  const actor = createActor(machine, { clock }).start();
  const fill = (values: Record<string, string | boolean>) => {
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'form.change', field: field as never, value });
  };
  const settled = () =>
    waitFor(actor, (s) => !s.matches({ open: 'creating' }) && !s.matches({ open: 'updating' }), {
      timeout: 1000,
    });
  return { clock, actor, created, updated, saved, fill, settled };
}

function settle(answer: SaveUserOutput | Error): SaveUserOutput {
  if (answer instanceof Error) throw answer;
  return answer;
}

const valid = {
  email: ' budi@example.com ',
  username: 'budi',
  password: 'secret1',
  confirmPassword: 'secret1',
  role: 'staff',
};

describe('serverErrorField (docs/product.md#messages user management)', () => {
  it.each([
    [{ error: 'Email already in use', field: 'email' }, 'email'],
    [{ error: 'This username is already taken.', field: 'username' }, 'username'],
    [{ error: 'name must be at least 2 characters', field: 'name' }, 'username'],
    [{ error: 'An account with this email already exists.' }, 'email'],
    [{ error: 'Username already taken' }, 'username'],
    [{ error: 'Cannot remove the last verified administrator' }, null],
    [{ error: 'Something went wrong on our end. Please try again later.' }, null],
  ] as const)('%j → %s', (answer, field) => {
    expect(serverErrorField(answer)).toBe(field);
  });
});

describe('user form machine', () => {
  it('validates the add form (username ≥ 3, password ≥ 6, confirm, role) before calling', () => {
    const { actor, fill, created } = start();
    actor.send({ type: 'form.openAdd' });
    fill({ email: 'nope', username: 'bu', password: '12345', confirmPassword: 'x' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'Please enter a valid email address',
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    fill({ username: 'budi' });
    expect(actor.getSnapshot().context.errors.username).toBeUndefined();
    expect(created).toEqual([]);
  });

  it('creates a user with trimmed values, tells the list and closes', async () => {
    const { actor, fill, created, saved, settled } = start();
    actor.send({ type: 'form.openAdd' });
    fill(valid);
    actor.send({ type: 'form.submit' });
    await settled();
    expect(created).toEqual([
      {
        name: '',
        email: 'budi@example.com',
        username: 'budi',
        password: 'secret1',
        confirmPassword: 'secret1',
        role: 'staff',
        isVerified: true,
      },
    ]);
    expect(saved).toEqual(['User created successfully.']);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.values.password).toBe('');
  });

  it('Add User starts Verified (the account signs in at once); switched off, it is sent unverified', async () => {
    const { actor, fill, created, settled } = start();
    actor.send({ type: 'form.openAdd' });
    expect(actor.getSnapshot().context.values.isVerified).toBe(true);
    fill({ ...valid, isVerified: false });
    actor.send({ type: 'form.submit' });
    await settled();
    expect(created[0]).toMatchObject({ username: 'budi', isVerified: false });
    // The next Add User starts Verified again, whatever the last one chose.
    actor.send({ type: 'form.openAdd' });
    expect(actor.getSnapshot().context.values.isVerified).toBe(true);
  });

  it('editing the last verified admin says so (role and Verified fixed); another user not', () => {
    const { actor } = start();
    const admin = { id: 1, email: 'a@example.com', role: 'admin', isVerified: true };
    actor.send({ type: 'form.openEdit', user: { ...admin, lastVerifiedAdmin: true } as never });
    expect(actor.getSnapshot().context.lastVerifiedAdmin).toBe(true);
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().context.lastVerifiedAdmin).toBe(false);
    actor.send({ type: 'form.openEdit', user: admin });
    expect(actor.getSnapshot().context.lastVerifiedAdmin).toBe(false);
  });

  it('sends the typed name when adding, and refuses a one-letter name', async () => {
    const { actor, fill, created, settled } = start();
    actor.send({ type: 'form.openAdd' });
    fill({ ...valid, name: 'B' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.name).toBeTruthy();
    expect(created).toEqual([]);
    fill({ name: ' Budi Santoso ' });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
    actor.send({ type: 'form.submit' });
    await settled();
    expect(created[0]).toMatchObject({ name: 'Budi Santoso', username: 'budi' });
  });

  it('puts a duplicate username on the username field and keeps the modal open', async () => {
    const { actor, fill, saved, settled } = start(
      refused('This username is already taken.', 409, 'username'),
    );
    actor.send({ type: 'form.openAdd' });
    fill(valid);
    actor.send({ type: 'form.submit' });
    await settled();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      username: 'This username is already taken.',
    });
    expect(saved).toEqual([]);
  });

  it('shows an error that names no field as a banner for 5 s', async () => {
    const reason = 'Cannot remove the last verified administrator';
    const { actor, clock, settled } = start(refused(reason, 409));
    actor.send({
      type: 'form.openEdit',
      user: {
        id: 1,
        email: 'admin@example.com',
        username: 'admin',
        role: 'Admin',
        isVerified: true,
      },
    });
    actor.send({ type: 'form.change', field: 'role', value: 'staff' });
    actor.send({ type: 'form.submit' });
    await settled();
    expect(actor.getSnapshot().context.formError).toBe(reason);
    expect(actor.getSnapshot().context.errors).toEqual({});
    clock.increment(4999);
    expect(actor.getSnapshot().context.formError).toBe(reason);
    clock.increment(1);
    expect(actor.getSnapshot().context.formError).toBeNull();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
  });

  it('puts the error under the field the server names, even when its text names none', async () => {
    const { actor, fill, saved, settled } = start(refused('Already taken', 409, 'username'));
    actor.send({ type: 'form.openAdd' });
    fill(valid);
    actor.send({ type: 'form.submit' });
    await settled();
    expect(actor.getSnapshot().context.errors).toEqual({ username: 'Already taken' });
    expect(actor.getSnapshot().context.formError).toBeNull();
    expect(saved).toEqual([]);
  });

  it('an unexpected failure shows the fallback text as a banner', async () => {
    const { actor, fill, settled } = start(
      new TypeError('Failed to fetch dynamically imported module'),
    );
    actor.send({ type: 'form.openAdd' });
    fill(valid);
    actor.send({ type: 'form.submit' });
    await settled();
    expect(actor.getSnapshot().context.formError).toBe('Failed to create user');
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('edits a user: pre-filled (role lowercase), sends name, email, username, role and verified', async () => {
    const { actor, updated, saved, settled } = start({
      success: true,
      data: null,
      error: null,
      status: 200,
      message: 'User updated successfully',
    });
    actor.send({
      type: 'form.openEdit',
      user: {
        id: 9,
        name: 'Sri',
        email: 'sri@example.com',
        username: 'sri',
        role: 'Staff',
        isVerified: false,
      },
    });
    expect(actor.getSnapshot().context.values).toMatchObject({
      name: 'Sri',
      email: 'sri@example.com',
      username: 'sri',
      role: 'staff',
      isVerified: false,
    });
    actor.send({ type: 'form.change', field: 'name', value: '  Sri Rahayu ' });
    actor.send({ type: 'form.change', field: 'role', value: 'admin' });
    actor.send({ type: 'form.change', field: 'isVerified', value: true });
    actor.send({ type: 'form.submit' });
    await settled();
    expect(updated).toEqual([
      {
        id: 9,
        name: 'Sri Rahayu',
        email: 'sri@example.com',
        username: 'sri',
        role: 'admin',
        isVerified: true,
        version: null,
      },
    ]);
    expect(saved).toEqual(['User updated successfully']);
  });

  it('the edit form does not ask for a password', () => {
    const { actor } = start();
    actor.send({
      type: 'form.openEdit',
      user: { id: 9, email: 'sri@example.com', username: '', role: 'staff', isVerified: true },
    });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ username: 'Username is required' });
  });

  it('cannot be closed while saving; Close discards the typed values', async () => {
    const { actor, fill, settled } = start();
    actor.send({ type: 'form.openAdd' });
    fill({ email: 'x@example.com' });
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'form.openAdd' });
    expect(actor.getSnapshot().context.values.email).toBe('');
    fill(valid);
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().matches({ open: 'creating' })).toBe(true);
    await settled();
  });
});
