// The delivery tests' sender and calls: a sender on the test app's database mailing, unthrottled,
// to an SMTP server in the test process, and the job calls as one signed-in user makes them
// (hand over, list the period's jobs, wait for a job to end, list its recipients).
import type { DatabaseKind } from '../../src/server/db/connection';
import { DEFAULT_DELIVERY_CONFIG } from '../../src/server/delivery/config';
import { startSender, type Sender } from '../../src/server/delivery/sender';
import { silentLogger } from '../../src/server/logger';
import { call, type Ctx } from '../api/business.support';
import type { SmtpSink } from './smtpSink';

/** `retryBaseMs`: the first wait before a temporary failure is tried again (default 30 s). */
export function testSender(
  ctx: Ctx,
  engine: DatabaseKind,
  sink: SmtpSink,
  options: { retryBaseMs?: number } = {},
): Sender {
  return startSender({
    db: ctx.db,
    kind: engine,
    config: { ...DEFAULT_DELIVERY_CONFIG, ratePerMinute: 0, dailyLimit: 100_000 },
    smtpUrl: sink.url,
    outboxDir: '/nonexistent',
    logger: silentLogger,
    idleMs: 50,
    ...options,
  });
}

/** Read when called: the app and the user are made in beforeAll. */
export function deliveryCalls(ctx: () => Ctx, token: () => string) {
  const jobs = async (period: string) =>
    (await call(ctx(), 'GET', `/deliveries?period=${period}`, { token: token() })).body.data;
  return {
    async post(form: FormData) {
      const res = await ctx().app.request('/api/v1/deliveries', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token()}` },
      });
      return { status: res.status, body: (await res.json()) as any };
    },
    jobs,
    /** The job once it is done (every row sent, failed or otherwise ended). */
    async finished(period: string, id: number) {
      for (let i = 0; i < 600; i++) {
        const job = (await jobs(period)).jobs.find((j: any) => j.id === id);
        if (job.status === 'done') return job;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the job did not finish');
    },
    async recipients(id: number, status = '') {
      const path = `/deliveries/${id}/recipients?status=${status}`;
      return (await call(ctx(), 'GET', path, { token: token() })).body.data.recipients;
    },
  };
}
