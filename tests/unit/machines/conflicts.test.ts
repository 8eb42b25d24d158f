// Issue 25: every versioned write sends the version it loaded; a 412 keeps what was typed, holds
// the conflict (the record now, who changed what), and offers reload or apply-mine.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import type { AuditEventEntry, EditConflict } from '../../../src/domain/history';
import { toFrontEnd, type InvoiceSummary } from '../../../src/domain/billing/invoiceSummary';
import { conflictOf, ServiceError } from '../../../src/domain/serviceResult';
import {
  billFormMachine,
  type SaveBillInput,
  type SaveBillOutput,
} from '../../../src/machines/billForm/machine';
import {
  progressDialogMachine,
  type SaveProgressInput,
  type SaveProgressOutput,
} from '../../../src/machines/progressDialog/machine';
import {
  userFormMachine,
  type SaveUserOutput,
  type UpdateUserInput,
} from '../../../src/machines/userForm/machine';
import {
  userListMachine,
  type FetchUsersInput,
  type FetchUsersOutput,
  type ListedUserRow,
  type RunActionInput,
  type RunActionOutput,
} from '../../../src/machines/userList/machine';

const event = (over: Partial<AuditEventEntry>): AuditEventEntry => ({
  id: 1,
  createdAt: '2026-11-25T09:00:00Z',
  actorId: 5,
  actorName: 'Sekar',
  requestId: null,
  entity: 'invoice_summary',
  entityId: 7,
  entityLabel: '2026-11',
  entityVersion: 4,
  action: 'update',
  changes: [],
  ...over,
});

/** A save refused with 412, as src/api hands it to a machine. */
function refusedWith<T>(conflict: EditConflict<T>): ServiceError {
  return new ServiceError({
    success: false,
    data: null,
    error: 'changed meanwhile',
    status: 412,
    conflict,
  });
}

const settle = (actor: AnyActorRef, busy: (s: any) => boolean) =>
  waitFor(actor, (s) => !busy(s), { timeout: 1000 });

const summaryAt = (version: number, over: Record<string, unknown> = {}): InvoiceSummary =>
  toFrontEnd({
    id: 7,
    invoice_period: '2026-11',
    number_of_active_customer: 100,
    number_of_total_transaction: 400,
    number_of_delivered_invoice: 50,
    url_shared_file_draft_invoice: 'https://drive.example.com/draft',
    version,
    ...over,
  });

describe('conflictOf', () => {
  it('finds the conflict of a 412 only', () => {
    const conflict = { current: null, yourVersion: 1, currentVersion: 2, changes: [] };
    expect(conflictOf(refusedWith(conflict))).toEqual(conflict);
    expect(conflictOf(ServiceError.of('other', 409))).toBeUndefined();
    expect(conflictOf(new Error('x'))).toBeUndefined();
  });
});

describe('bill form (update)', () => {
  function start() {
    const saved: SaveBillInput[] = [];
    const current = summaryAt(5, { number_of_active_customer: 222 });
    const machine = billFormMachine.provide({
      actors: {
        saveBill: fromPromise<SaveBillOutput, SaveBillInput>(async ({ input }) => {
          saved.push(input);
          if (input.version === 3)
            throw refusedWith({
              current,
              yourVersion: 3,
              currentVersion: 5,
              changes: [event({ entityVersion: 5 })],
            });
          return { summary: null, message: 'ok' };
        }),
      },
    });
    const actor = createActor(machine, {
      clock: new SimulatedClock(),
      input: { mode: 'update', summary: summaryAt(3) },
    }).start();
    return { actor, saved, busy: (s: any) => s.hasTag('busy') };
  }

  it('sends the version it loaded; on 412 keeps the typed values and applies them on top', async () => {
    const { actor, saved, busy } = start();
    actor.send({ type: 'bill.fieldChanged', field: 'activeCustomerCount', value: '111' });
    actor.send({ type: 'bill.submit' });
    await settle(actor, busy);
    expect(saved[0].version).toBe(3);
    const ctx = actor.getSnapshot().context;
    expect(ctx.conflict?.currentVersion).toBe(5);
    expect(ctx.conflict?.changes[0].actorName).toBe('Sekar');
    expect(ctx.values.activeCustomerCount).toBe('111');
    expect(ctx.error).toBeNull();

    actor.send({ type: 'bill.conflictApplyMine' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }), { timeout: 1000 });
    expect(saved[1]).toMatchObject({ version: 5 });
    expect(saved[1].values.activeCustomerCount).toBe('111');
  });

  it('reload takes the summary as it is now and its version', async () => {
    const { actor, busy } = start();
    actor.send({ type: 'bill.fieldChanged', field: 'activeCustomerCount', value: '111' });
    actor.send({ type: 'bill.submit' });
    await settle(actor, busy);
    actor.send({ type: 'bill.conflictReload' });
    const ctx = actor.getSnapshot().context;
    expect(ctx.conflict).toBeNull();
    expect(ctx.values.activeCustomerCount).toBe('222');
    expect(ctx.initialValues.activeCustomerCount).toBe('222');
    expect(ctx.version).toBe(5);
  });
});

describe('progress dialog', () => {
  function start() {
    const saved: SaveProgressInput[] = [];
    const machine = progressDialogMachine.provide({
      actors: {
        saveProgress: fromPromise<SaveProgressOutput, SaveProgressInput>(async ({ input }) => {
          saved.push(input);
          if (input.version === 3)
            throw refusedWith({
              current: summaryAt(4, {
                number_of_delivered_invoice: 120,
                number_of_total_transaction: 450,
              }),
              yourVersion: 3,
              currentVersion: 4,
              changes: [event({ action: 'progress' })],
            });
          return { message: 'Progress berhasil diupdate!' };
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock() }).start();
    actor.send({
      type: 'progress.open',
      target: {
        invoiceId: 7,
        period: '2026-11',
        stepKey: 'delivered',
        count: 50,
        total: 400,
        url: '',
        version: 3,
      },
    });
    actor.send({ type: 'progress.countChanged', value: '300' });
    actor.send({ type: 'progress.save' });
    return { actor, saved, busy: (s: any) => s.hasTag('busy') };
  }

  it('on 412 keeps the typed count; reload shows the count and total now', async () => {
    const { actor, saved, busy } = start();
    await settle(actor, busy);
    expect(saved[0].version).toBe(3);
    expect(actor.getSnapshot().context).toMatchObject({ countText: '300', error: null });
    expect(actor.getSnapshot().context.conflict?.changes).toHaveLength(1);
    actor.send({ type: 'progress.conflictReload' });
    expect(actor.getSnapshot().context).toMatchObject({
      countText: '120',
      total: 450,
      version: 4,
      conflict: null,
    });
  });

  it('apply-mine saves the typed count with the new version', async () => {
    const { actor, saved, busy } = start();
    await settle(actor, busy);
    actor.send({ type: 'progress.conflictApplyMine' });
    await waitFor(actor, (s) => s.matches({ dialog: { open: 'saved' } }), { timeout: 1000 });
    expect(saved[1]).toMatchObject({ count: 300, version: 4 });
  });
});

const tari: ListedUserRow = {
  id: 9,
  name: 'Tari',
  username: 'tari',
  email: 'tari@example.com',
  role: 'staff',
  isVerified: true,
  version: 2,
};
const tariNow: ListedUserRow = { ...tari, name: 'Tari Theirs', role: 'admin', version: 3 };
const userConflict: EditConflict<ListedUserRow> = {
  current: tariNow,
  yourVersion: 2,
  currentVersion: 3,
  changes: [event({ entity: 'user', actorName: 'Bima' })],
};

describe('user form (edit)', () => {
  function start() {
    const updated: UpdateUserInput[] = [];
    const machine = userFormMachine.provide({
      actors: {
        updateUser: fromPromise<SaveUserOutput, UpdateUserInput>(async ({ input }) => {
          updated.push(input);
          if (input.version === 2) throw refusedWith(userConflict);
          return { success: true, data: null, error: null, status: 200 };
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock() }).start();
    actor.send({ type: 'form.openEdit', user: tari });
    actor.send({ type: 'form.change', field: 'name', value: 'Tari Mine' });
    actor.send({ type: 'form.submit' });
    return { actor, updated, busy: (s: any) => s.matches({ open: 'updating' }) };
  }

  it('on 412 keeps the typed name and names who changed it; apply-mine sends the new version', async () => {
    const { actor, updated, busy } = start();
    await settle(actor, busy);
    expect(updated[0].version).toBe(2);
    const ctx = actor.getSnapshot().context;
    expect(ctx.values.name).toBe('Tari Mine');
    expect(ctx.conflict?.changes[0].actorName).toBe('Bima');
    expect(ctx.formError).toBeNull();
    actor.send({ type: 'form.conflictApplyMine' });
    await waitFor(actor, (s) => s.matches('closed'), { timeout: 1000 });
    expect(updated[1]).toMatchObject({ name: 'Tari Mine', version: 3 });
  });

  it('reload shows the user as the server has it now', async () => {
    const { actor, busy } = start();
    await settle(actor, busy);
    actor.send({ type: 'form.conflictReload' });
    const ctx = actor.getSnapshot().context;
    expect(ctx.values).toMatchObject({ name: 'Tari Theirs', role: 'admin' });
    expect(ctx.version).toBe(3);
    expect(ctx.conflict).toBeNull();
  });
});

describe('user row actions', () => {
  it("send the row's version; on 412 ask again with the conflict, and confirm on top of it", async () => {
    const ran: RunActionInput[] = [];
    const machine = userListMachine.provide({
      actors: {
        fetchUsers: fromPromise<FetchUsersOutput, FetchUsersInput>(async () => ({
          success: true,
          data: { users: [tari], pagination: null },
          error: null,
          status: 200,
        })),
        runAction: fromPromise<RunActionOutput, RunActionInput>(async ({ input }) => {
          ran.push(input);
          if (input.version === 2) throw refusedWith(userConflict);
          return { success: true, data: null, error: null, status: 200 };
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: {} }).start();
    actor.send({ type: 'users.invalidate', user: tari });
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => !s.matches({ action: 'running' }), { timeout: 1000 });
    expect(ran[0]).toMatchObject({ kind: 'invalidate', id: 9, version: 2 });
    expect(actor.getSnapshot().matches({ action: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.action?.conflict?.changes[0].actorName).toBe('Bima');

    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.matches({ action: 'idle' }), { timeout: 1000 });
    expect(ran[1]).toMatchObject({ kind: 'invalidate', version: 3 });
  });
});
