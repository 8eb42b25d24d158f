// The audit trail of accounts (issue 25): sign-up, admin-made accounts, profile edits, password
// changes and resets, pictures and failed sign-ins each leave one event, and no event ever holds
// a password, a hash, a token or a picture.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, dataUrl, ENGINES, PNG_1PX, setup, signedIn, type Ctx } from './business.support';

const serial = Date.now() % 100_000;

describe.each(ENGINES)('audit events of accounts (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin', { name: 'Audit Admin' });
  });
  afterAll(async () => ctx.close());

  const allEvents = () => ctx.db.selectFrom('audit_events').selectAll().orderBy('id').execute();

  /** Runs a write and returns the events it added. */
  async function eventsOf<R>(write: () => Promise<R>) {
    const before = (await allEvents()).length;
    const res = await write();
    const added = (await allEvents()).slice(before);
    return { res, added };
  }

  test('accounts and secrets: create, sign-up, profile, password, picture, reset, failed sign-in; never a value of a secret', async () => {
    const secret = 'Very-Secret-Pw-9';
    const steps: {
      name: string;
      status: number;
      action: string;
      run: () => Promise<{ status: number; headers: Headers }>;
    }[] = [];
    const email = `audit${serial}@example.com`;
    steps.push({
      name: 'POST /users',
      status: 201,
      action: 'create',
      run: () =>
        call(ctx, 'POST', '/users', {
          token: admin.token,
          body: { username: `audit${serial}u`, email, password: secret, role: 'staff' },
        }),
    });
    steps.push({
      name: 'register (anonymous)',
      status: 201,
      action: 'create',
      run: () =>
        call(ctx, 'POST', '/auth/register', {
          body: { name: 'Self Signed', email: `self${serial}@example.com`, password: secret },
        }),
    });
    steps.push({
      name: 'register by an admin',
      status: 201,
      action: 'create',
      run: () =>
        call(ctx, 'POST', '/auth/register', {
          token: admin.token,
          body: {
            name: 'Added',
            email: `added${serial}@example.com`,
            password: secret,
            role: 'staff',
          },
        }),
    });
    const me = await signedIn(ctx, 'staff', { password: secret });
    steps.push({
      name: 'PUT /account',
      status: 200,
      action: 'update',
      run: () =>
        call(ctx, 'PUT', '/account', {
          token: me.token,
          body: { name: 'New Me', email: me.email },
        }),
    });
    steps.push({
      name: 'PUT /account/password',
      status: 200,
      action: 'password_change',
      run: () =>
        call(ctx, 'PUT', '/account/password', {
          token: me.token,
          body: {
            current_password: secret,
            new_password: `${secret}-2`,
            confirm_password: `${secret}-2`,
          },
        }),
    });
    steps.push({
      name: 'POST /account/profile-image',
      status: 200,
      action: 'profile_image',
      run: () =>
        call(ctx, 'POST', '/account/profile-image', {
          token: me.token,
          body: { image_data: dataUrl('image/png', PNG_1PX) },
        }),
    });
    steps.push({
      name: 'failed sign-in',
      status: 401,
      action: 'sign_in_failed',
      run: () =>
        call(ctx, 'POST', '/auth/login', { body: { email: me.email, password: 'wrong-password' } }),
    });
    steps.push({
      name: 'reset with the mailed link',
      status: 200,
      action: 'password_reset',
      run: async () => {
        await call(ctx, 'POST', '/auth/forgot-password', { body: { email: me.email } });
        const token = /token=([^\s&]+)/.exec(ctx.mails.at(-1)!.text)![1];
        return call(ctx, 'POST', '/auth/reset-password', {
          body: {
            token: decodeURIComponent(token),
            password: `${secret}-3`,
            confirm_password: `${secret}-3`,
          },
        });
      },
    });
    for (const step of steps) {
      const { res, added } = await eventsOf(step.run);
      expect(res.status, step.name).toBe(step.status);
      expect(
        added.map((e) => e.action),
        step.name,
      ).toEqual([step.action]);
    }
    const failed = (await allEvents()).find((e) => e.action === 'sign_in_failed')!;
    expect(failed).toMatchObject({ entity: 'user', entity_id: me.id, actor_id: null });
    const everything = JSON.stringify(await allEvents());
    expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/\$argon2|\$scrypt|iVBORw0KGgo/);
    const fields = new Set(
      (await allEvents()).flatMap((e) => JSON.parse(e.changes).map((c: any) => c.field)),
    );
    expect([...fields].filter((f) => /password|hash|token|image/.test(f))).toEqual([]);
  });
});
