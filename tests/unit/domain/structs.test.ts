import { describe, expect, test } from 'vitest';
import { assert, StructError } from 'superstruct';
import {
  accountUpdateStruct,
  invoiceSummaryCreateStruct,
  invoiceSummaryUpdateStruct,
  loginStruct,
  passwordChangeStruct,
  progressFieldsOverTotal,
  progressUpdateStruct,
  registerStruct,
  resetPasswordStruct,
  userCreateStruct,
  userUpdateStruct,
  verifyUserStruct,
} from '../../../src/domain/validation/structs';
import { structErrorToField, validateBody } from '../../../src/domain/validation/structError';

const summary = {
  invoice_period: '2024-01',
  number_of_active_customer: 120,
  number_of_total_transaction: 1000,
  url_shared_file_draft_invoice: 'https://drive.example/draft',
};

describe('invoice summary bodies', () => {
  test('a minimal create body passes; unknown fields are dropped', () => {
    const result = validateBody(invoiceSummaryCreateStruct, {
      ...summary,
      amount_of_total_transaction: 150000000,
      is_admin: true,
    });
    expect(result).toEqual({
      ok: true,
      value: { ...summary, amount_of_total_transaction: 150000000 },
    });
  });

  test.each([
    [{ invoice_period: undefined }, 'invoice_period', 'Periode tagihan harus diisi'],
    [
      { invoice_period: '2024-13' },
      'invoice_period',
      'Format periode tagihan harus YYYY-MM (contoh: 2024-01)',
    ],
    [
      { number_of_active_customer: 0 },
      'number_of_active_customer',
      'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
    ],
    [
      { number_of_total_transaction: '1000' },
      'number_of_total_transaction',
      'Jumlah transaksi harus diisi dan lebih dari 0',
    ],
    [
      { url_shared_file_draft_invoice: '' },
      'url_shared_file_draft_invoice',
      'URL dokumen draft harus diisi',
    ],
    [
      { url_shared_file_draft_invoice: 'javascript:alert(1)' },
      'url_shared_file_draft_invoice',
      'URL dokumen draft tidak valid',
    ],
    [
      { url_shared_folder_tax_invoice: 'https://a:b@x.example/' },
      'url_shared_folder_tax_invoice',
      'URL folder faktur pajak tidak valid',
    ],
    [
      { amount_of_mincom_transaction: -1 },
      'amount_of_mincom_transaction',
      'Nilai Mincom tidak boleh negatif',
    ],
    [
      { amount_of_mincom_transaction: 1.5 },
      'amount_of_mincom_transaction',
      'Nilai Mincom harus berupa bilangan bulat',
    ],
    [
      { amount_of_mincom_transaction: 2 ** 60 },
      'amount_of_mincom_transaction',
      'Nilai Mincom terlalu besar',
    ],
    [
      { number_of_delivered_invoice: 1001 },
      'number_of_delivered_invoice',
      'Jumlah transaksi progress tidak boleh melebihi total transaksi!',
    ],
  ])('create %j → %s: %s', (patch, field, message) => {
    const body: Record<string, unknown> = { ...summary, ...patch };
    if ('invoice_period' in patch && patch.invoice_period === undefined) delete body.invoice_period;
    expect(validateBody(invoiceSummaryCreateStruct, body)).toEqual({ ok: false, field, message });
  });

  test('bodies that are not objects', () => {
    for (const body of [null, 'x', 42, [summary]]) {
      expect(validateBody(invoiceSummaryCreateStruct, body)).toEqual({
        ok: false,
        field: '',
        message: 'Request body must be a JSON object',
      });
    }
  });

  test('update accepts any subset and checks what is there', () => {
    expect(validateBody(invoiceSummaryUpdateStruct, { number_of_usage_transaction: 5 })).toEqual({
      ok: true,
      value: { number_of_usage_transaction: 5 },
    });
    expect(validateBody(invoiceSummaryUpdateStruct, { url_shared_file_draft_invoice: '' }).ok).toBe(
      true,
    );
    expect(
      validateBody(invoiceSummaryUpdateStruct, { number_of_total_transaction: 0 }),
    ).toMatchObject({ ok: false, field: 'number_of_total_transaction' });
    expect(
      validateBody(invoiceSummaryUpdateStruct, {
        number_of_total_transaction: 3,
        number_of_generated_invoice: 4,
      }),
    ).toMatchObject({
      ok: false,
      field: 'number_of_generated_invoice',
    });
  });

  test('progressFieldsOverTotal on a merged row', () => {
    expect(
      progressFieldsOverTotal({
        number_of_total_transaction: 3,
        number_of_usage_transaction: 4,
        number_of_uploaded_tax_invoice: 3,
      }),
    ).toEqual(['number_of_usage_transaction']);
  });

  test('progress update bodies per step', () => {
    const usage = progressUpdateStruct('usage');
    expect(
      validateBody(usage, {
        number_of_usage_transaction: 3,
        url_shared_file_draft_invoice: 'https://x.example/d',
      }).ok,
    ).toBe(true);
    expect(validateBody(usage, { number_of_usage_transaction: -2 })).toMatchObject({
      message: 'Jumlah progress tidak boleh negatif!',
    });
    expect(validateBody(usage, { number_of_usage_transaction: 'lots' })).toMatchObject({
      message: 'Jumlah progress harus berupa bilangan bulat',
    });
    expect(validateBody(usage, {})).toMatchObject({ field: 'number_of_usage_transaction' });
    expect(
      validateBody(usage, {
        number_of_usage_transaction: 1,
        url_shared_file_draft_invoice: 'data:text/html,x',
      }),
    ).toMatchObject({
      field: 'url_shared_file_draft_invoice',
      message: 'URL dokumen draft tidak valid',
    });
    // Delivery has no document: a URL in its body is dropped, not stored.
    expect(
      validateBody(progressUpdateStruct('delivered'), {
        number_of_delivered_invoice: 1,
        url_shared_folder_invoice: 'https://x.example/',
      }),
    ).toEqual({
      ok: true,
      value: { number_of_delivered_invoice: 1 },
    });
  });
});

describe('account and user bodies', () => {
  test('login and register', () => {
    expect(validateBody(loginStruct, { email: 'A@B.CO ', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'a@b.co', password: 'x' },
    });
    expect(validateBody(loginStruct, { email: 'a@b.co' })).toMatchObject({
      field: 'password',
      message: 'Password is required',
    });
    expect(
      validateBody(registerStruct, { name: 'Ani', email: 'a@b.co', password: '12345' }),
    ).toMatchObject({
      field: 'password',
      message: 'Password must be at least 6 characters',
    });
    expect(
      validateBody(registerStruct, {
        name: 'Ani',
        email: 'a@b.co',
        password: '123456',
        confirm_password: '123457',
      }),
    ).toMatchObject({
      field: 'confirm_password',
      message: 'Passwords do not match',
    });
    expect(
      validateBody(registerStruct, {
        name: 'Ani',
        email: 'a@b.co',
        password: '123456',
        username: 'ani_s',
        role: 'Admin',
        is_verified: true,
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Ani',
        email: 'a@b.co',
        password: '123456',
        username: 'ani_s',
        role: 'admin',
        is_verified: true,
      },
    });
    expect(
      validateBody(registerStruct, { name: 'Ani', email: 'a@b.co', password: 'x'.repeat(129) }),
    ).toMatchObject({
      message: 'Password must be at most 128 characters',
    });
  });

  test('account update and password change', () => {
    expect(validateBody(accountUpdateStruct, { name: ' A ', email: 'a@b.co' })).toMatchObject({
      field: 'name',
      message: 'Name must be at least 2 characters',
    });
    expect(validateBody(accountUpdateStruct, { name: ' Ani ', email: 'a@b.co' })).toEqual({
      ok: true,
      value: { name: 'Ani', email: 'a@b.co' },
    });
    expect(
      validateBody(passwordChangeStruct, {
        current_password: 'old',
        new_password: 'short',
        confirm_password: 'short',
      }),
    ).toMatchObject({
      field: 'new_password',
      message: 'New password must be at least 8 characters',
    });
    expect(
      validateBody(passwordChangeStruct, {
        current_password: 'oldpass12',
        new_password: 'newpass12',
        confirm_password: 'newpass13',
      }),
    ).toMatchObject({
      field: 'confirm_password',
    });
    expect(
      validateBody(passwordChangeStruct, {
        current_password: 'oldpass12',
        new_password: 'newpass12',
        confirm_password: 'newpass12',
      }).ok,
    ).toBe(true);
    expect(validateBody(resetPasswordStruct, { password: 'longenough' })).toMatchObject({
      field: 'token',
    });
  });

  test('user create and update', () => {
    expect(
      validateBody(userCreateStruct, {
        username: ' siti ',
        email: 's@x.id',
        password: 'secret',
        role: 'Staff',
        is_verified: true,
      }),
    ).toEqual({
      ok: true,
      value: {
        username: 'siti',
        email: 's@x.id',
        password: 'secret',
        role: 'staff',
        is_verified: true,
      },
    });
    expect(
      validateBody(userCreateStruct, {
        username: 'si',
        email: 's@x.id',
        password: 'secret',
        role: 'staff',
      }),
    ).toMatchObject({
      field: 'username',
      message: 'Username must be at least 3 characters',
    });
    expect(
      validateBody(userCreateStruct, {
        username: 'siti',
        email: 's@x.id',
        password: 'secret',
        role: 'root',
      }),
    ).toMatchObject({
      field: 'role',
      message: 'Role must be admin or staff',
    });
    expect(validateBody(userUpdateStruct, { is_verified: 'yes' })).toMatchObject({
      field: 'is_verified',
    });
    expect(validateBody(userUpdateStruct, { role: 'ADMIN' })).toEqual({
      ok: true,
      value: { role: 'admin' },
    });
    expect(validateBody(verifyUserStruct, { notes: 'x'.repeat(1001) }).ok).toBe(false);
  });
});

test('structErrorToField reads a thrown StructError', () => {
  try {
    assert({ email: 'bad', password: 'x' }, loginStruct);
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(StructError);
    expect(structErrorToField(error as StructError)).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  }
});

describe('bodies superstruct cannot print', () => {
  test.each([
    [{ email: { toString: '' }, password: 'abcdef' }, 'email', 'email is invalid'],
    [
      { email: 'a@b.cd', password: { valueOf: 1, toString: 2 } },
      'password',
      'Password is required',
    ],
    [[{ toString: '' }], '', 'Request body must be a JSON object'],
  ])('%j is refused with a field and a message instead of throwing', (body, field, message) => {
    expect(validateBody(loginStruct, body)).toEqual({ ok: false, field, message });
  });
});
