// A graceful stop in the middle of a job (issue 32, docs/delivery.md "Exactly once"): the mails the
// SMTP server accepted are all recorded as sent and counted before the sender lets go (accepted
// mails are recorded in batches), nothing is left `sending` or `unknown`, and the next sender
// mails only the rest: every recipient exactly once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Sender } from '../../src/server/delivery/sender';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import { deliveryCalls, testSender } from '../support/deliverySender';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { ENGINES, insertSummary, setup, signedIn, type Ctx } from './business.support';

const ROWS = 60;

describe.each(ENGINES)('a graceful stop on %s', (engine) => {
  let ctx: Ctx;
  let sink: SmtpSink;
  let staff: Awaited<ReturnType<typeof signedIn>>;
  const senderOn = () => testSender(ctx, engine, sink);
  const { post, jobs, finished } = deliveryCalls(
    () => ctx,
    () => staff.token,
  );

  beforeAll(async () => {
    ctx = await setup(engine);
    staff = await signedIn(ctx, 'staff', { name: 'Sari Staff' });
    // A slow server: mails are still in the conversation when the stop comes.
    sink = await startSmtpSink(30);
  });
  afterAll(async () => {
    await sink.close();
    await ctx.close();
  });

  test('records every accepted mail before it ends; the next start sends only the rest', async () => {
    const period = '2025-10';
    await insertSummary(ctx, period, { number_of_delivered_invoice: 0 });
    const rows = rowsFor(Array.from({ length: ROWS }, (_, i) => `c${i + 1}@example.com`));
    const pdf = await mergedPdf(rows.map((r) => ({ key: r.key, customer: r.to })));
    const res = await post(jobForm({ period, recipients: rows }, pdf));
    expect(res.status).toBe(201);
    const id = res.body.data.id as number;

    let sender: Sender = senderOn();
    while (sink.received.length < 5) await new Promise((r) => setTimeout(r, 10));
    await sender.stop();

    const stopped = (await jobs(period)).jobs.find((j: any) => j.id === id);
    const accepted = sink.received.length;
    expect(accepted).toBeLessThan(ROWS);
    expect(stopped.counts).toMatchObject({
      sent: accepted,
      queued: ROWS - accepted,
      sending: 0,
      unknown: 0,
    });
    expect((await jobs(period)).delivered).toBe(accepted);

    sender = senderOn();
    try {
      await finished(period, id);
    } finally {
      await sender.stop();
    }
    const done = await jobs(period);
    expect(done.jobs.find((j: any) => j.id === id).counts).toMatchObject({ sent: ROWS });
    expect(done.delivered).toBe(ROWS);
    const perKey = new Map<string, number>();
    for (const mail of sink.received) {
      const key = /INV-2025-\d{4}/.exec(mail.subject ?? '')![0];
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
    }
    expect(perKey.size).toBe(ROWS);
    expect([...perKey.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);
});
