// The app a delivery API test runs against: on `engine`, a signed-in staff user, the period
// 2025-06, and the daily job limit the test needs; `post` sends a job's form as the page does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_DELIVERY_CONFIG } from '../../src/server/delivery/config';
import { insertSummary, setup, signedIn, type Ctx } from './business.support';
import { testConfig } from './helpers';

export interface DeliveryApp {
  readonly ctx: Ctx;
  readonly token: string;
  post(form: FormData): Promise<{ status: number; body: any }>;
}

/** Registers the app's start and end with the enclosing describe; read its fields in tests. */
export function deliveryApp(
  engine: Parameters<typeof setup>[0],
  name: string,
  userDailyJobs: number,
): DeliveryApp {
  let ctx: Ctx | undefined;
  let token = '';
  beforeAll(async () => {
    const config = {
      ...testConfig(mkdtempSync(path.join(tmpdir(), `di-${name}-`))),
      delivery: { ...DEFAULT_DELIVERY_CONFIG, userDailyJobs, userDailyRecipients: 1000 },
    };
    ctx = await setup(engine, { deps: { config } });
    token = (await signedIn(ctx, 'staff')).token;
    await insertSummary(ctx, '2025-06');
  });
  afterAll(() => ctx?.close());
  return {
    get ctx() {
      return ctx!;
    },
    get token() {
      return token;
    },
    async post(form) {
      const res = await ctx!.app.request('/api/v1/deliveries', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}

/**
 * The app for the upload tests: on `engine`, data under `dataDir`, the deliveries route taking
 * bodies of at most `limit` bytes, a signed-in staff user and the period 2025-04.
 */
export async function uploadApp(
  engine: Parameters<typeof setup>[0],
  dataDir: string,
  limit: number,
): Promise<{ ctx: Ctx; token: string }> {
  const ctx = await setup(engine, {
    deps: {
      config: testConfig(dataDir),
      bodyLimits: { routes: { '/api/v1/deliveries': limit } },
    },
  });
  const token = (await signedIn(ctx, 'staff')).token;
  await insertSummary(ctx, '2025-04');
  return { ctx, token };
}
