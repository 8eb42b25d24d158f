import { describe, expect, test } from 'vitest';
import {
  hasErrors,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
} from '../../../src/domain/validation/forms';
import {
  profileUnchanged,
  validateAddUser,
  validateChangePassword,
  validateEditUser,
  validateProfile,
} from '../../../src/domain/validation/settingsForms';
import {
  validateCreateBill,
  validateProgressUpdate,
  validateUpdateBill,
} from '../../../src/domain/validation/billForms';
import { VALIDATION_MESSAGES, periodExistsMessage } from '../../../src/domain/validation/messages';
import { profileImageError } from '../../../src/domain/validation/profileImage';

describe('account forms', () => {
  test('sign in: email required and valid, password at least 6', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateSignIn({ email: 'nope', password: '12345' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(validateSignIn({ email: 'a@b.co', password: '123456' })).toEqual({});
  });

  test('sign up: name ≥ 2, email, password ≥ 6, confirm matches', () => {
    expect(
      validateSignUp({
        name: ' A ',
        email: 'a@b.co',
        password: 'secret',
        confirmPassword: 'secreT',
      }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      validateSignUp({ name: '', email: 'a@b.co', password: 'secret', confirmPassword: '' }),
    ).toEqual({
      name: 'Name is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(
      hasErrors(
        validateSignUp({
          name: 'Ani',
          email: 'a@b.co',
          password: 'secret',
          confirmPassword: 'secret',
        }),
      ),
    ).toBe(false);
  });

  test('forgot and reset password', () => {
    expect(validateForgotPassword({ email: 'x' })).toEqual({
      email: VALIDATION_MESSAGES.EMAIL_INVALID,
    });
    expect(validateResetPassword({ password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(
      validateResetPassword({ password: 'longenough', confirmPassword: 'longenough' }),
    ).toEqual({});
  });

  test('profile: trimmed name ≥ 2, valid email; unchanged detection', () => {
    expect(validateProfile({ name: '  B  ', email: 'b@c.id' })).toEqual({
      name: VALIDATION_MESSAGES.NAME_MIN,
    });
    expect(
      profileUnchanged({ name: 'Budi ', email: 'b@c.id' }, { name: 'Budi', email: 'b@c.id' }),
    ).toBe(true);
    expect(
      profileUnchanged({ name: 'Budi S', email: 'b@c.id' }, { name: 'Budi', email: 'b@c.id' }),
    ).toBe(false);
    expect(VALIDATION_MESSAGES.PROFILE_NO_CHANGES).toBe(
      'No changes detected. Please modify your profile information.',
    );
  });

  test('change password: new ≥ 8 and different, confirm matches', () => {
    expect(
      validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(
      validateChangePassword({
        currentPassword: 'oldpassword',
        newPassword: 'oldpassword',
        confirmPassword: 'oldpassword',
      }),
    ).toEqual({
      newPassword: 'New password must be different from current password',
    });
    expect(
      validateChangePassword({
        currentPassword: 'old',
        newPassword: 'newpass1',
        confirmPassword: 'newpass2',
      }),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      validateChangePassword({
        currentPassword: 'old',
        newPassword: 'short',
        confirmPassword: 'short',
      }).newPassword,
    ).toBe('New password must be at least 8 characters');
  });

  test('add and edit user', () => {
    expect(
      validateAddUser({
        email: '',
        username: 'ab',
        password: '12345',
        confirmPassword: '1234',
        role: '',
      }),
    ).toEqual({
      email: 'Email is required',
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
      role: 'Role is required',
    });
    expect(
      validateAddUser({
        email: 'a@b.co',
        username: 'abc',
        password: '123456',
        confirmPassword: '123456',
        role: 'Staff',
      }),
    ).toEqual({});
    expect(validateEditUser({ email: 'a@b.co', username: '', role: 'boss' })).toEqual({
      username: 'Username is required',
      role: 'Role must be admin or staff',
    });
  });
});

const validBill = {
  period: '2024-01',
  activeCustomerCount: '120',
  totalTransactionCount: '1.000',
  totalTransactionAmount: 'Rp 150.000.000',
  draftInvoiceFileUrl: 'https://drive.example/draft',
};

describe('bill forms', () => {
  test('a filled create form is valid, amounts typed as rupiah text included', () => {
    expect(validateCreateBill(validBill)).toEqual({});
  });

  test('create: the messages of docs/product.md#input-rules', () => {
    expect(validateCreateBill({})).toEqual({
      period: 'Periode tagihan harus diisi',
      activeCustomerCount: 'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
      totalTransactionCount: 'Jumlah transaksi harus diisi dan lebih dari 0',
      draftInvoiceFileUrl: 'URL dokumen draft harus diisi',
    });
    expect(
      validateCreateBill({
        ...validBill,
        period: '2024-1',
        draftInvoiceFileUrl: 'javascript:alert(1)',
        activeCustomerCount: 0,
      }),
    ).toEqual({
      period: 'Format periode tagihan harus YYYY-MM (contoh: 2024-01)',
      activeCustomerCount: 'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
      draftInvoiceFileUrl: 'URL dokumen draft tidak valid',
    });
  });

  test('create: delivered (and every progress count) must not exceed total transactions', () => {
    expect(
      validateCreateBill({
        ...validBill,
        deliveredInvoiceCount: '1.001',
        usageTransactionCount: 1000,
      }),
    ).toEqual({
      deliveredInvoiceCount: 'Jumlah transaksi progress tidak boleh melebihi total transaksi!',
    });
  });

  test('create: decimals typed with a comma are rounded as they will be sent', () => {
    expect(
      validateCreateBill({
        ...validBill,
        totalTransactionAmount: 'Rp 1.500.000,50',
        activeCustomerCount: '0,4',
      }),
    ).toEqual({
      activeCustomerCount: 'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
    });
  });

  test('create: negative or unreadable amounts name the field', () => {
    expect(
      validateCreateBill({ ...validBill, mincomServiceAmount: -5, resellServiceAmount: 'abc' }),
    ).toEqual({
      mincomServiceAmount: 'Nilai Mincom tidak boleh negatif',
      resellServiceAmount: 'Nilai Resell harus berupa bilangan bulat',
    });
  });

  test('update: progress above the total, active customers and total > 0, draft URL optional', () => {
    expect(
      validateUpdateBill({
        activeCustomerCount: 10,
        totalTransactionCount: 5,
        verifiedInvoiceCount: 6,
        draftInvoiceFileUrl: '',
      }),
    ).toEqual({
      verifiedInvoiceCount: 'Jumlah transaksi progress tidak boleh melebihi total transaksi!',
    });
    expect(validateUpdateBill({ activeCustomerCount: '', totalTransactionCount: 0 })).toEqual({
      activeCustomerCount: VALIDATION_MESSAGES.ACTIVE_CUSTOMERS_REQUIRED,
      totalTransactionCount: VALIDATION_MESSAGES.TOTAL_TRANSACTIONS_REQUIRED,
    });
    expect(
      validateUpdateBill({
        activeCustomerCount: 1,
        totalTransactionCount: 1,
        invoiceFolderUrl: 'ftp://x',
      }),
    ).toEqual({
      invoiceFolderUrl: 'URL folder tagihan tidak valid',
    });
  });

  test('existing period message', () => {
    expect(periodExistsMessage('2024-01')).toBe(
      'Invoice summary untuk periode 2024-01 sudah ada. Gunakan halaman Update untuk mengubah data.',
    );
  });
});

describe('progress dialog', () => {
  test('count within 0..total with an invoice id is valid', () => {
    expect(validateProgressUpdate({ invoiceId: 3, count: 5, total: 5 }, 'usage')).toEqual({});
    expect(validateProgressUpdate({ invoiceId: 'abc', count: 0, total: 0 })).toEqual({});
  });

  test('the messages of docs/product.md#input-rules', () => {
    expect(validateProgressUpdate({ invoiceId: 3, count: 6, total: 5 }).count).toBe(
      'Jumlah progress tidak boleh melebihi total transaksi!',
    );
    expect(validateProgressUpdate({ invoiceId: 3, count: -1, total: 5 }).count).toBe(
      'Jumlah progress tidak boleh negatif!',
    );
    expect(validateProgressUpdate({ invoiceId: undefined, count: 1, total: 5 })).toEqual({
      invoiceId: 'Invoice ID not found',
    });
  });

  test('the URL is checked with the step document message; delivery ignores it', () => {
    expect(
      validateProgressUpdate({ invoiceId: 1, count: 1, total: 5, url: 'data:x' }, 'taxUploaded'),
    ).toEqual({
      url: 'URL folder faktur pajak tidak valid',
    });
    expect(
      validateProgressUpdate({ invoiceId: 1, count: 1, total: 5, url: 'data:x' }, 'delivered'),
    ).toEqual({});
    expect(validateProgressUpdate({ invoiceId: 1, count: 1, total: 5, url: '' }, 'usage')).toEqual(
      {},
    );
  });
});

describe('profile image', () => {
  test('JPEG, PNG, GIF and WebP up to 5 MB are accepted', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(profileImageError({ type, size: 5 * 1024 * 1024 })).toBeNull();
    }
  });

  test('other types, empty and larger files are refused with the spec message', () => {
    const message =
      'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.';
    expect(profileImageError({ type: 'image/svg+xml', size: 100 })).toBe(message);
    expect(profileImageError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(message);
    expect(profileImageError({ type: 'image/png', size: 0 })).toBe(message);
  });
});
