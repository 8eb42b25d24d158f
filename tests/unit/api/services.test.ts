import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createServices } from '../../../src/api/services';
import {
  closedApiRoot,
  MemoryStorage,
  signIn,
  startServer,
  testClient,
  type TestServer,
} from './helpers';

let server: TestServer;
let storage: MemoryStorage;
let clock: number;

function services(apiRoot = server.apiRoot) {
  const client = testClient({ apiRoot, storage });
  return { ...createServices(client.http, { now: () => clock }), client };
}

beforeEach(async () => {
  server = await startServer();
  storage = new MemoryStorage();
  clock = 1_000_000;
});
afterEach(async () => {
  await server.close();
});

describe('auth', () => {
  test('login stores both tokens and the user and returns them camelCased', async () => {
    server.handle(() => ({
      body: {
        success: true,
        message: 'Login successful',
        data: {
          tokens: { access_token: 'acc', refresh_token: 'ref' },
          user: {
            id: 3,
            name: 'Budi',
            email: 'budi@x.id',
            role: 'staff',
            is_verified: true,
            created_at: '2024-01-01T00:00:00Z',
          },
        },
      },
    }));
    const { auth } = services();
    const result = await auth.login('budi@x.id', 'secret1');
    expect(server.requests[0].body).toEqual({ email: 'budi@x.id', password: 'secret1' });
    expect(result).toMatchObject({
      success: true,
      status: 200,
      error: null,
      data: {
        tokens: { accessToken: 'acc', refreshToken: 'ref' },
        user: { id: 3, isVerified: true, createdAt: '2024-01-01T00:00:00Z' },
      },
    });
    expect(storage.getItem('access_token')).toBe('acc');
    expect(storage.getItem('refresh_token')).toBe('ref');
    expect(JSON.parse(storage.getItem('user_data')!)).toMatchObject({
      name: 'Budi',
      isVerified: true,
    });
  });

  test.each([
    [403, 'Your account is pending verification. Please contact an administrator.'],
    [401, 'Invalid email or password. Please try again.'],
  ])('login answered %i explains it and stores nothing', async (status, message) => {
    server.handle(() => ({ status, body: { success: false, message: 'server text' } }));
    const { auth } = services();
    expect(await auth.login('a@b.cd', 'secret1')).toEqual({
      success: false,
      data: null,
      error: message,
      status,
    });
    expect(storage.length).toBe(0);
  });

  test('login without a message falls back to Login failed; a 2xx without tokens is a failure too', async () => {
    server.handle(() => ({ status: 500 }));
    expect((await services().auth.login('a@b.cd', 'x')).error).toBe('Login failed');
    server.handle(() => ({ body: { success: true, data: {} } }));
    expect(await services().auth.login('a@b.cd', 'x')).toMatchObject({
      success: false,
      error: 'Login failed',
    });
  });

  test.each([
    [409, 'An account with this email already exists.'],
    [400, 'Invalid registration data. Please check your inputs.'],
    [500, 'Registration failed'],
  ])('register answered %i', async (status, message) => {
    server.handle(() => ({ status, body: { success: false } }));
    expect(
      await services().auth.register({ name: 'Ana', email: 'a@b.cd', password: 'secret1' }),
    ).toMatchObject({
      success: false,
      error: message,
      status,
    });
  });

  test('register success carries the default message when the server gives none', async () => {
    server.handle(() => ({ status: 201, body: { success: true, data: { id: 1 } } }));
    const result = await services().auth.register({
      name: 'Ana',
      email: 'a@b.cd',
      password: 'secret1',
    });
    expect(result).toMatchObject({
      success: true,
      status: 201,
      message: 'Registration successful. Please wait for admin verification.',
    });
    expect(storage.length).toBe(0);
  });

  test('logout clears local state even when the server fails', async () => {
    signIn(storage);
    server.handle(() => ({ status: 500, body: { success: false } }));
    const result = await services().auth.logout();
    expect(result.success).toBe(false);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/auth/logout' });
    expect(server.requests[0].headers.authorization).toBe('Bearer access-1');
    expect(server.requests[0].body).toEqual({ refresh_token: 'refresh-1' });
    expect(storage.length).toBe(0);
  });

  test('logout clears local state even when the server is unreachable', async () => {
    signIn(storage);
    const { auth } = services(await closedApiRoot());
    expect(await auth.logout()).toMatchObject({
      success: false,
      status: 0,
      error: 'Network error. Please check your connection.',
    });
    expect(storage.length).toBe(0);
  });

  test('logout-all uses /account/logout-all, falls back to /users/logout-all, and clears local state', async () => {
    signIn(storage);
    server.handle((req) =>
      req.path === '/account/logout-all'
        ? { status: 404, body: { success: false } }
        : { body: { success: true } },
    );
    expect((await services().auth.logoutAll()).success).toBe(true);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/account/logout-all',
      '/users/logout-all',
    ]);
    expect(storage.length).toBe(0);
  });

  test.each([
    [404, 'No account found with this email address.'],
    [429, 'Too many requests. Please wait before trying again.'],
  ])('forgot password answered %i', async (status, message) => {
    server.handle(() => ({ status, body: { success: false } }));
    expect(await services().auth.forgotPassword('a@b.cd')).toMatchObject({
      success: false,
      error: message,
      status,
    });
  });

  test('a 429 carries the wait the server named in Retry-After; a missing header none', async () => {
    server.handle(() => ({
      status: 429,
      headers: { 'Retry-After': '401' },
      body: { success: false, message: 'Too many requests. Please wait before trying again.' },
    }));
    expect(await services().auth.login('a@b.cd', 'wrong')).toMatchObject({
      success: false,
      status: 429,
      retryAfterSeconds: 401,
    });
    server.handle(() => ({ status: 429, body: { success: false } }));
    const bare = await services().auth.forgotPassword('a@b.cd');
    expect(bare.status).toBe(429);
    expect(bare).not.toHaveProperty('retryAfterSeconds');
  });

  test('reset password sends the token and the new password', async () => {
    server.handle(() => ({ body: { success: true, message: 'Password reset' } }));
    expect(await services().auth.resetPassword('tok', 'newpass1')).toMatchObject({
      success: true,
      message: 'Password reset',
    });
    expect(server.requests[0]).toMatchObject({
      path: '/auth/reset-password',
      body: { token: 'tok', password: 'newpass1' },
    });
  });
});

describe('account', () => {
  test('profile fetch failure falls back to Failed to fetch profile', async () => {
    server.handle(() => ({ status: 500 }));
    expect((await services().account.getProfile()).error).toBe('Failed to fetch profile');
  });

  test.each([
    [409, 'Email address is already in use by another account.'],
    [400, 'Invalid profile data. Please check your inputs.'],
    [500, 'Failed to update profile'],
  ])('profile update answered %i', async (status, message) => {
    server.handle(() => ({ status, body: { success: false } }));
    expect(await services().account.updateProfile({ name: 'A', email: 'a@b.cd' })).toMatchObject({
      error: message,
      status,
    });
  });

  test.each([
    [400, 'Current password is incorrect.'],
    [422, 'New password does not meet security requirements.'],
    [500, 'Failed to change password'],
  ])('change password answered %i', async (status, message) => {
    server.handle(() => ({ status, body: { success: false } }));
    const result = await services().account.changePassword({
      currentPassword: 'a',
      newPassword: 'bbbbbbbb',
      confirmPassword: 'bbbbbbbb',
    });
    expect(result).toMatchObject({ success: false, error: message, status });
    expect(server.requests[0].body).toEqual({
      current_password: 'a',
      new_password: 'bbbbbbbb',
      confirm_password: 'bbbbbbbb',
    });
  });

  test('profile image goes up as image_data with the data-URL unchanged and comes back as a string', async () => {
    const dataUrl = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
    server.handle((req) =>
      req.method === 'POST'
        ? { body: { success: true } }
        : { body: { success: true, data: { image_data: dataUrl } } },
    );
    const { account } = services();
    expect((await account.uploadProfileImage(dataUrl)).success).toBe(true);
    expect(server.requests[0].body).toEqual({ image_data: dataUrl });
    expect(await account.getProfileImage()).toMatchObject({ success: true, data: dataUrl });
  });

  test.each([
    ['uploadProfileImage', 'Failed to upload profile image'],
    ['getProfileImage', 'Failed to fetch profile image'],
    ['getActivity', 'Failed to fetch account activity'],
  ] as const)('%s falls back to %s', async (method, message) => {
    server.handle(() => ({ status: 500 }));
    const { account } = services();
    const result =
      method === 'uploadProfileImage'
        ? await account.uploadProfileImage('data:,x')
        : await account[method]();
    expect(result.error).toBe(message);
  });

  test('activity reads the entries and passes page and limit', async () => {
    server.handle(() => ({
      body: {
        success: true,
        data: {
          activities: [{ id: 1, action: 'login', ip_address: '1.2.3.4', created_at: 'x' }],
          pagination: { page: 2 },
        },
      },
    }));
    const result = await services().account.getActivity({ page: 2, limit: 5 });
    expect(Object.fromEntries(server.requests[0].query)).toEqual({ page: '2', limit: '5' });
    expect(result.data).toEqual({
      activities: [{ id: 1, action: 'login', ipAddress: '1.2.3.4', createdAt: 'x' }],
      pagination: { page: 2 },
    });
  });
});

describe('users', () => {
  test('list sends the filters snake_case with a lowercase role and reads users + pagination', async () => {
    server.handle(() => ({
      body: {
        success: true,
        data: {
          users: [{ id: 1, email: 'a@b.cd', is_verified: false }],
          pagination: { page: 1, total_pages: 3 },
        },
      },
    }));
    const result = await services().users.list({
      search: 'an',
      role: 'Admin',
      isVerified: false,
      page: 1,
      limit: 10,
    });
    expect(Object.fromEntries(server.requests[0].query)).toEqual({
      search: 'an',
      role: 'admin',
      is_verified: 'false',
      page: '1',
      limit: '10',
    });
    expect(result.data).toEqual({
      users: [{ id: 1, email: 'a@b.cd', isVerified: false }],
      pagination: { page: 1, totalPages: 3 },
    });
  });

  test('an admin-created user goes through register with the role in lowercase', async () => {
    server.handle(() => ({ status: 201, body: { success: true } }));
    await services().users.create({
      name: 'Citra',
      email: 'c@x.id',
      password: 'secret1',
      role: 'Staff',
    });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/auth/register',
      body: { name: 'Citra', email: 'c@x.id', password: 'secret1', role: 'staff' },
    });
  });

  test('a failure that names a field says which one', async () => {
    server.handle(() => ({
      status: 409,
      body: {
        success: false,
        error: 'Email is already in use',
        message: 'Email is already in use',
        field: 'email',
      },
    }));
    expect(await services().users.update(5, { email: 'x@y.id' })).toEqual({
      success: false,
      data: null,
      error: 'Email is already in use',
      status: 409,
      field: 'email',
    });
  });

  test('verify posts notes, invalidate patches, update sends is_verified', async () => {
    const { users } = services();
    await users.verify(5, 'checked');
    await users.invalidate(5);
    await users.update(5, { name: 'N', role: 'Admin', isVerified: true });
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/users/5/verify', { notes: 'checked' }],
      ['PATCH', '/users/5/invalidate', undefined],
      ['PUT', '/users/5', { name: 'N', role: 'admin', is_verified: true }],
    ]);
  });
});

describe('invoice summaries', () => {
  const wire = {
    id: 9,
    invoice_period: '2024-03',
    number_of_total_transaction: 200,
    number_of_usage_transaction: 150,
  };

  test.each([
    ['data.summaries', { success: true, data: { summaries: [wire] }, pagination: { page: 1 } }],
    ['data as array', { success: true, data: [wire] }],
    ['bare array', [wire]],
    ['data.items', { success: true, data: { items: [wire] } }],
  ])('list reads %s into front-end summaries', async (_shape, body) => {
    server.handle(() => ({ body }));
    const result = await services().invoiceSummaries.list({
      period: '2024-03',
      limit: 50,
      sortBy: 'invoice_period',
      sortOrder: 'desc',
    });
    expect(Object.fromEntries(server.requests[0].query)).toEqual({
      period: '2024-03',
      limit: '50',
      sort_by: 'invoice_period',
      sort_order: 'desc',
    });
    expect(result.success).toBe(true);
    expect(result.data?.summaries).toHaveLength(1);
    expect(result.data?.summaries[0]).toMatchObject({
      id: 9,
      period: '2024-03',
      periodDisplay: 'Maret 2024',
      totalTransactionCount: 200,
      usageTransactionCount: 150,
      draftInvoiceFileUrl: '',
    });
  });

  test('get is cached for 5 minutes per id', async () => {
    server.handle(() => ({ body: { success: true, data: wire } }));
    const { invoiceSummaries } = services();
    await invoiceSummaries.get(9);
    clock += 4 * 60_000;
    expect((await invoiceSummaries.get(9)).data?.period).toBe('2024-03');
    expect(server.requests).toHaveLength(1);
    clock += 61_000;
    await invoiceSummaries.get(9);
    expect(server.requests).toHaveLength(2);
  });

  test('update sends API names through the domain mapping and drops the cached copy', async () => {
    server.handle(() => ({ body: { success: true, data: wire } }));
    const { invoiceSummaries } = services();
    await invoiceSummaries.get(9);
    await invoiceSummaries.update(9, {
      activeCustomerCount: '12',
      totalTransactionAmount: 1500.6,
      draftInvoiceFileUrl: null,
    });
    expect(server.requests[1]).toMatchObject({
      method: 'PUT',
      path: '/invoice-summaries/9',
      body: { number_of_active_customer: 12, amount_of_total_transaction: 1501 },
    });
    await invoiceSummaries.get(9);
    expect(server.requests).toHaveLength(3);
  });

  test('a period without a summary is a failed result, not an error', async () => {
    server.handle(() => ({ status: 404, body: { success: false } }));
    expect(await services().invoiceSummaries.getByPeriod('2024-04')).toEqual({
      success: false,
      data: null,
      error: 'No invoice summary found for this period',
      status: 404,
    });
    expect(server.requests[0].path).toBe('/invoice-summaries/period/2024-04');
  });

  test.each([
    [
      409,
      'Invoice summary untuk periode 2024-05 sudah ada. Gunakan halaman Update untuk mengubah data.',
    ],
    [422, 'Terjadi kesalahan saat menyimpan data'],
  ])('create answered %i', async (status, message) => {
    server.handle(() => ({ status, body: { success: false } }));
    expect(await services().invoiceSummaries.create({ period: '2024-05' })).toMatchObject({
      success: false,
      error: message,
      status,
    });
    expect(server.requests[0].body).toMatchObject({ invoice_period: '2024-05' });
  });

  test.each([
    [
      'usage',
      '/invoice-summaries/progress-usage/9',
      { number_of_usage_transaction: 120, url_shared_file_draft_invoice: 'https://drive/x' },
    ],
    [
      'verified',
      '/invoice-summaries/progress-verified/9',
      { number_of_verified_invoice: 120, url_shared_file_verified_invoice: 'https://drive/x' },
    ],
    [
      'generated',
      '/invoice-summaries/progress-generated/9',
      { number_of_generated_invoice: 120, url_shared_folder_invoice: 'https://drive/x' },
    ],
    ['delivered', '/invoice-summaries/progress-delivered/9', { number_of_delivered_invoice: 120 }],
    [
      'taxUploaded',
      '/invoice-summaries/progress-tax-uploaded/9',
      { number_of_uploaded_tax_invoice: 120, url_shared_folder_tax_invoice: 'https://drive/x' },
    ],
  ] as const)('progress %s → PUT %s', async (step, path, body) => {
    server.handle(() => ({ body: { success: true, data: wire } }));
    const result = await services().invoiceSummaries.updateProgress(
      step,
      9,
      120,
      'https://drive/x',
    );
    expect(server.requests[0]).toMatchObject({ method: 'PUT', path, body });
    expect(result).toMatchObject({ success: true, message: 'Progress berhasil diupdate!' });
  });

  test('a failed progress save without a server message uses the Indonesian fallback', async () => {
    server.handle(() => ({ status: 500 }));
    expect((await services().invoiceSummaries.updateProgress('usage', 9, 1)).error).toBe(
      'Terjadi kesalahan saat menyimpan progress',
    );
  });

  test('statistics passes the period range', async () => {
    server.handle(() => ({ body: { success: true, data: { total: 1 } } }));
    await services().invoiceSummaries.statistics({ startPeriod: '2024-01', endPeriod: '2024-06' });
    expect(Object.fromEntries(server.requests[0].query)).toEqual({
      start_period: '2024-01',
      end_period: '2024-06',
    });
  });
});

describe('menus', () => {
  test('menus come back with the spec defaults', async () => {
    server.handle(() => ({
      body: {
        success: true,
        data: [{ id: 1, name: 'Dashboard', path: '/dashboard', parent_id: null }],
      },
    }));
    const result = await services().menus.userMenus();
    expect(server.requests[0].path).toBe('/menus/user');
    expect(result.data).toEqual([
      {
        id: 1,
        name: 'Dashboard',
        path: '/dashboard',
        icon: 'fa-circle',
        order: 0,
        parentId: null,
        active: true,
      },
    ]);
  });

  test.each([
    ['list', 'Failed to fetch menus'],
    ['userMenus', 'Failed to fetch user menus'],
  ] as const)('%s falls back to %s', async (method, message) => {
    server.handle(() => ({ status: 500 }));
    expect(await services().menus[method]()).toMatchObject({
      success: false,
      error: message,
      status: 500,
    });
  });

  test('a server message wins over the fallback', async () => {
    server.handle(() => ({ status: 403, body: { success: false, message: 'Admin only' } }));
    expect((await services().menus.create({ name: 'X', path: '/x' })).error).toBe('Admin only');
  });
});

describe('writes whose screen shows the error itself', () => {
  test.each([
    [
      'users.create',
      (s: ReturnType<typeof services>) =>
        s.users.create({ name: 'x', email: 'x@y.id', password: 'secret12', role: 'Staff' }),
    ],
    ['users.update', (s: ReturnType<typeof services>) => s.users.update(4, { role: 'Admin' })],
    ['users.remove', (s: ReturnType<typeof services>) => s.users.remove(4)],
    ['users.invalidate', (s: ReturnType<typeof services>) => s.users.invalidate(4)],
    [
      'account.updateProfile',
      (s: ReturnType<typeof services>) => s.account.updateProfile({ name: 'Ana', email: 'a@b.cd' }),
    ],
    [
      'account.changePassword',
      (s: ReturnType<typeof services>) =>
        s.account.changePassword({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' }),
    ],
    [
      'invoiceSummaries.create',
      (s: ReturnType<typeof services>) => s.invoiceSummaries.create({ period: '2024-01' }),
    ],
    [
      'invoiceSummaries.updateProgress',
      (s: ReturnType<typeof services>) => s.invoiceSummaries.updateProgress('usage', 1, 5),
    ],
  ])(
    '%s answered 409 returns the text for the screen and raises no second, global notice',
    async (_name, run) => {
      server.handle(() => ({
        status: 409,
        body: { success: false, message: 'Cannot remove the last verified administrator' },
      }));
      const s = services();
      const result = await run(s);
      expect(result).toMatchObject({ success: false, status: 409 });
      expect(result.error).toBeTruthy();
      expect(s.client.history.entries()).toHaveLength(0);
    },
  );

  test('a refused connection on such a write is still reported globally', async () => {
    const s = services(await closedApiRoot());
    const result = await s.users.remove(4);
    expect(result).toMatchObject({ success: false, status: 0 });
    expect(s.client.history.entries().map((e) => e.kind)).toContain('network');
  });

  test('users.create keeps the server text when the clash is on the username, the email text otherwise', async () => {
    server.handle(() => ({
      status: 409,
      body: { success: false, message: 'Username already taken', field: 'username' },
    }));
    expect(
      await services().users.create({
        name: 'x',
        email: 'x@y.id',
        password: 'secret12',
        role: 'staff',
      }),
    ).toMatchObject({
      error: 'Username already taken',
      field: 'username',
    });
    server.handle(() => ({
      status: 409,
      body: { success: false, message: 'Email already in use', field: 'email' },
    }));
    expect(
      await services().users.create({
        name: 'x',
        email: 'x@y.id',
        password: 'secret12',
        role: 'staff',
      }),
    ).toMatchObject({
      error: 'An account with this email already exists.',
      field: 'email',
    });
  });

  test('users.create sends is_verified when the admin adds an unverified user', async () => {
    server.handle(() => ({ status: 201, body: { success: true, data: { id: 9 } } }));
    await services().users.create({
      name: 'x',
      email: 'x@y.id',
      password: 'secret12',
      role: 'Staff',
      isVerified: false,
    });
    expect(server.requests[0].body).toMatchObject({ role: 'staff', is_verified: false });
  });
});
