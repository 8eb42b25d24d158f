import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import { toFrontEnd } from '../../../src/domain/billing/invoiceSummary';
import {
  billFormMachine,
  BILL_CREATED_MESSAGE,
  isBillFormDirty,
  type BillFormInput,
  type SaveBillInput,
  type SaveBillOutput,
} from '../../../src/machines/billForm/machine';

function start(input: BillFormInput, save?: (input: SaveBillInput) => Promise<SaveBillOutput>) {
  const clock = new SimulatedClock();
  const saved: SaveBillInput[] = [];
  const events: string[] = [];
  const machine = billFormMachine.provide({
    actors: {
      saveBill: fromPromise<SaveBillOutput, SaveBillInput>(async ({ input }) => {
        saved.push(input);
        return save ? save(input) : { summary: null, message: BILL_CREATED_MESSAGE };
      }),
    },
    actions: {
      redirectToDashboard: () => events.push('redirect'),
      billSaved: (_, params) => events.push(`saved: ${params.message}`),
      leaveForm: () => events.push('leave'),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  const fill = (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'bill.fieldChanged', field: field as never, value });
  };
  return { actor, clock, saved, events, fill, ctx: () => actor.getSnapshot().context };
}

const valid = {
  period: '2024-01',
  activeCustomerCount: '150',
  totalTransactionCount: '1000',
  draftInvoiceFileUrl: 'https://drive.example.com/draft',
  localVoiceCallAmount: '1.500.000',
};

describe('bill form machine (create)', () => {
  it('shows every docs/product.md#input-rules create message on an empty submit and saves nothing', () => {
    const { actor, ctx, saved } = start({ mode: 'create' });
    actor.send({ type: 'bill.submit' });
    expect(ctx().fieldErrors).toEqual({
      period: 'Periode tagihan harus diisi',
      activeCustomerCount: 'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
      totalTransactionCount: 'Jumlah transaksi harus diisi dan lebih dari 0',
      draftInvoiceFileUrl: 'URL dokumen draft harus diisi',
    });
    expect(saved).toEqual([]);
  });

  it('checks the period format, the URL and delivered ≤ total; typing clears a field message', () => {
    const { actor, ctx, fill } = start({ mode: 'create' });
    fill({
      ...valid,
      period: '2024/01',
      draftInvoiceFileUrl: 'not a url',
      deliveredInvoiceCount: '1001',
    });
    actor.send({ type: 'bill.submit' });
    expect(ctx().fieldErrors).toEqual({
      period: 'Format periode tagihan harus YYYY-MM (contoh: 2024-01)',
      draftInvoiceFileUrl: 'URL dokumen draft tidak valid',
      deliveredInvoiceCount: 'Jumlah transaksi progress tidak boleh melebihi total transaksi!',
    });
    fill({ period: '2024-01' });
    expect(ctx().fieldErrors.period).toBeUndefined();
    expect(ctx().fieldErrors.draftInvoiceFileUrl).toBe('URL dokumen draft tidak valid');
  });

  it('shows amounts as rupiah when a field is left, and leaves other fields as typed', () => {
    const { actor, ctx, fill } = start({ mode: 'create' });
    fill({ localVoiceCallAmount: '1500000', activeCustomerCount: '1500' });
    actor.send({ type: 'bill.fieldBlurred', field: 'localVoiceCallAmount' });
    actor.send({ type: 'bill.fieldBlurred', field: 'activeCustomerCount' });
    expect(ctx().values.localVoiceCallAmount).toBe('Rp 1.500.000');
    expect(ctx().values.activeCustomerCount).toBe('1500');
    fill({ localVoiceCallAmount: 'abc' });
    actor.send({ type: 'bill.fieldBlurred', field: 'localVoiceCallAmount' });
    expect(ctx().values.localVoiceCallAmount).toBe('abc');
  });

  it('saves, shows the success message and goes to /dashboard after 2 s', async () => {
    const { actor, clock, ctx, fill, saved, events } = start({ mode: 'create' });
    fill(valid);
    actor.send({ type: 'bill.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ form: 'saved' }), { timeout: 1000 });
    expect(saved[0].values.localVoiceCallAmount).toBe('1.500.000');
    expect(ctx().success).toBe(BILL_CREATED_MESSAGE);
    clock.increment(1999);
    expect(events).toEqual([`saved: ${BILL_CREATED_MESSAGE}`]);
    clock.increment(1);
    expect(events).toEqual([`saved: ${BILL_CREATED_MESSAGE}`, 'redirect']);
  });

  it("shows the server's refusal ('sudah ada') until the user sends again, and lets them try again", async () => {
    const exists =
      'Invoice summary untuk periode 2024-01 sudah ada. Gunakan halaman Update untuk mengubah data.';
    const { actor, clock, ctx, fill, events } = start({ mode: 'create' }, async () => {
      throw ServiceError.of(exists, 409);
    });
    fill(valid);
    actor.send({ type: 'bill.submit' });
    await waitFor(actor, (s) => s.context.error !== null, { timeout: 1000 });
    expect(ctx().error).toBe(exists);
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    // Not lost unseen after 5 s: it stays until the next try.
    clock.increment(60_000);
    expect(ctx().error).toBe(exists);
    actor.send({ type: 'bill.submit' });
    expect(ctx().error).toBeNull();
    expect(events).toEqual([]);
  });

  it('a 409 keeps the taken period for the link to its edit form; editing the period drops it', async () => {
    const { actor, ctx, fill } = start({ mode: 'create' }, async () => {
      throw ServiceError.of('Invoice summary untuk periode 2024-01 sudah ada.', 409);
    });
    fill({ ...valid, period: ' 2024-01 ' });
    actor.send({ type: 'bill.submit' });
    await waitFor(actor, (s) => s.context.error !== null, { timeout: 1000 });
    expect(ctx().existingPeriod).toBe('2024-01');
    fill({ activeCustomerCount: '151' });
    expect(ctx().existingPeriod).toBe('2024-01');
    fill({ period: '2024-02' });
    expect(ctx().existingPeriod).toBeNull();
  });

  it('another refusal (500) names no existing period', async () => {
    const { actor, ctx, fill } = start({ mode: 'create' }, async () => {
      throw ServiceError.of('Terjadi kesalahan pada server. Silakan coba lagi nanti.', 500);
    });
    fill(valid);
    actor.send({ type: 'bill.submit' });
    await waitFor(actor, (s) => s.context.error !== null, { timeout: 1000 });
    expect(ctx().existingPeriod).toBeNull();
  });

  it('a period given at the start (?period=) fills the field and does not make the form dirty', () => {
    const { actor, ctx, fill } = start({ mode: 'create', period: '2026-10' });
    expect(ctx().values.period).toBe('2026-10');
    expect(isBillFormDirty(actor.getSnapshot())).toBe(false);
    fill({ activeCustomerCount: '5' });
    expect(isBillFormDirty(actor.getSnapshot())).toBe(true);
    // Back to what it opened with (spaces aside): nothing to lose.
    fill({ activeCustomerCount: ' ' });
    expect(isBillFormDirty(actor.getSnapshot())).toBe(false);
  });

  it('saved is not dirty: the redirect after saving asks nothing', async () => {
    const { actor, fill } = start({ mode: 'create' });
    fill(valid);
    expect(isBillFormDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'bill.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }), { timeout: 1000 });
    expect(isBillFormDirty(actor.getSnapshot())).toBe(false);
  });

  it('Batal leaves the form', () => {
    const { actor, events } = start({ mode: 'create' });
    actor.send({ type: 'bill.cancel' });
    expect(events).toEqual(['leave']);
  });
});

describe('bill form machine (update)', () => {
  const summary = toFrontEnd({
    id: 9,
    invoice_period: '2024-02',
    number_of_active_customer: 10,
    number_of_total_transaction: 100,
    amount_of_local_voice_transaction: 2500000,
    number_of_usage_transaction: 40,
  });

  it('starts from the summary with amounts as currency text', () => {
    const { ctx } = start({ mode: 'update', summary });
    expect(ctx().id).toBe(9);
    expect(ctx().values).toMatchObject({
      period: '2024-02',
      totalTransactionCount: '100',
      localVoiceCallAmount: 'Rp 2.500.000',
      usageTransactionCount: '40',
      draftInvoiceFileUrl: '',
    });
  });

  it('opens clean with the summary; an amount left unchanged after its blur stays clean', () => {
    const { actor, fill } = start({ mode: 'update', summary });
    expect(isBillFormDirty(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'bill.fieldBlurred', field: 'localVoiceCallAmount' });
    expect(isBillFormDirty(actor.getSnapshot())).toBe(false);
    fill({ usageTransactionCount: '41' });
    expect(isBillFormDirty(actor.getSnapshot())).toBe(true);
  });

  it('refuses progress above the total and counts of 0 with the update messages', () => {
    const { actor, ctx, fill, saved } = start({ mode: 'update', summary });
    fill({ usageTransactionCount: '101', activeCustomerCount: '0' });
    actor.send({ type: 'bill.submit' });
    expect(ctx().fieldErrors).toEqual({
      usageTransactionCount: 'Jumlah transaksi progress tidak boleh melebihi total transaksi!',
      activeCustomerCount: 'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
    });
    expect(saved).toEqual([]);
  });

  it('hands the saved summary to its owner and does not redirect', async () => {
    const { actor, clock, fill, saved, events } = start({ mode: 'update', summary }, async () => ({
      summary,
      message: 'Invoice summary berhasil diupdate',
    }));
    fill({ usageTransactionCount: '100' });
    actor.send({ type: 'bill.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }), { timeout: 1000 });
    expect(saved[0]).toMatchObject({ mode: 'update', id: 9 });
    clock.increment(5000);
    expect(events).toEqual(['saved: Invoice summary berhasil diupdate']);
  });
});
