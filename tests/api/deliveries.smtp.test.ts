// E-mail delivery against a real SMTP server in-process (issue 32): accepted mails parsed back
// (To, Subject, body, the attached PDF's text holds exactly its row), 550 kept without retry, 451
// retried then failed, a connection dropped mid-DATA retried once, header injection refused per
// row, a key sent before skipped unless resent, and the period's delivered count raised.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Sender } from '../../src/server/delivery/sender';
import PizZip from 'pizzip';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import { deliveryCalls, testSender } from '../support/deliverySender';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { pdfText } from '../support/pdfTools';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { call, ENGINES, insertSummary, setup, signedIn, type Ctx } from './business.support';

describe.each(ENGINES)('e-mail delivery on %s', (engine) => {
  let ctx: Ctx;
  let sink: SmtpSink;
  let sender: Sender;
  let staff: Awaited<ReturnType<typeof signedIn>>;

  const { post, jobs, finished, recipients } = deliveryCalls(
    () => ctx,
    () => staff.token,
  );

  beforeAll(async () => {
    ctx = await setup(engine);
    staff = await signedIn(ctx, 'staff', { name: 'Sari Staff' });
    sink = await startSmtpSink();
    sender = testSender(ctx, engine, sink, { retryBaseMs: 20 });
  });
  afterAll(async () => {
    await sender.stop();
    await sink.close();
    await ctx.close();
  });

  test('each row is mailed once with its own page; 550 kept, 451 retried, a dropped connection retried', async () => {
    const period = '2025-11';
    const summaryId = await insertSummary(ctx, period, {
      number_of_delivered_invoice: 10,
    });
    const addresses = [
      'ana@example.com',
      'budi@example.com; budi.finance@example.com',
      'reject@example.com',
      'later@example.com',
      'flaky@example.com',
      'drop@example.com',
      'citra@example.com',
      'dina@example.com, reject.old@example.com',
    ];
    const rows = rowsFor(addresses);
    rows.push({
      ...rowsFor(['evil@example.com'], 'INV-X-')[0],
      subject: 'Hi\r\nBcc: all@example.com',
      pages: [9, 9],
      row: 99,
    });
    const pdf = await mergedPdf(
      rows.map((r, i) => ({ key: r.key, customer: `Pelanggan ${i + 1}` })),
    );
    const res = await post(
      jobForm({ period, reply_to: 'finance@example.com', recipients: rows }, pdf),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ queued: 8, sender: 'test@example.com' });
    expect(res.body.data.refused).toEqual([
      { row: 99, key: 'INV-X-0001', reason: 'headerBreaking' },
    ]);

    const job = await finished(period, res.body.data.id);
    expect(job.counts).toMatchObject({ sent: 6, failed: 2, queued: 0, sending: 0, unknown: 0 });

    // Exactly one message per accepted row, parsed back.
    expect(sink.received).toHaveLength(6);
    const byKey = new Map(sink.received.map((m) => [/INV-2025-\d{4}/.exec(m.subject!)![0], m]));
    expect([...byKey.keys()].sort()).toEqual([
      'INV-2025-0001',
      'INV-2025-0002',
      'INV-2025-0005',
      'INV-2025-0006',
      'INV-2025-0007',
      'INV-2025-0008',
    ]);
    for (const [key, mail] of byKey) {
      const i = Number(key.slice(-4));
      const row = rows[i - 1];
      expect(mail.subject).toBe(`Tagihan ${key} periode 2025-11`);
      expect(mail.text?.trim()).toBe(row.message);
      expect((mail.to as any).value.map((v: any) => v.address)).toEqual(
        row.to.split(/[;,]/).map((a) => a.trim()),
      );
      expect(mail.from!.text).toContain('test@example.com');
      expect(mail.replyTo!.text).toBe('finance@example.com');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0].filename).toBe(`Tagihan_${key}.pdf`);
      const text = await pdfText(mail.attachments[0].content);
      expect(text).toContain(`Invoice ${key}`);
      expect(text).toContain(`Customer Pelanggan ${i}`);
      expect(text.match(/Invoice /g)).toHaveLength(1);
    }

    const all = await recipients(res.body.data.id);
    const of = (key: string) => all.find((r: any) => r.invoice_key === key);
    expect(of('INV-2025-0003')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(of('INV-2025-0003').server_answer).toMatch(/550.*No such user/);
    expect(of('INV-2025-0004')).toMatchObject({ status: 'failed', attempts: 4 });
    expect(of('INV-2025-0004').server_answer).toMatch(/451/);
    expect(of('INV-2025-0005')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(of('INV-2025-0006')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(of('INV-2025-0001').server_answer).toMatch(/^250/);
    // Accepted for one address, refused for the other: sent, and the answer names the refused one.
    expect(of('INV-2025-0008')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(of('INV-2025-0008').server_answer).toMatch(/refused: reject\.old@example\.com/);
    expect(of('INV-2025-0001').message_id).toBe(byKey.get('INV-2025-0001')!.messageId);

    // The delivered step rose by the mails accepted.
    const summary = await ctx.db
      .selectFrom('invoice_summaries')
      .selectAll()
      .where('id', '=', summaryId)
      .executeTakeFirstOrThrow();
    expect(Number(summary.number_of_delivered_invoice)).toBe(16);

    // The failed rows export names them with the server's answer.
    const csv = await ctx.app.request(`/api/v1/deliveries/${res.body.data.id}/failed?format=csv`, {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const text = await csv.text();
    expect(text).toContain('reject@example.com');
    expect(text).toContain('later@example.com');
    expect(text).not.toContain('ana@example.com');

    // The same job again: every key sent before is skipped; only the failed ones go.
    const again = await post(jobForm({ period, recipients: rows.slice(0, 8) }, pdf));
    expect(again.status).toBe(201);
    expect(again.body.data.skipped.map((s: any) => s.key)).toEqual([
      'INV-2025-0001',
      'INV-2025-0002',
      'INV-2025-0005',
      'INV-2025-0006',
      'INV-2025-0007',
      'INV-2025-0008',
    ]);
    expect(again.body.data.queued).toBe(2);
    await finished(period, again.body.data.id);
    expect(sink.received).toHaveLength(6);

    // Resend of one chosen key goes again, but is counted once.
    const resend = await post(
      jobForm({ period, recipients: [rows[0]], resend_keys: ['INV-2025-0001'] }, pdf),
    );
    expect(resend.body.data.queued).toBe(1);
    await finished(period, resend.body.data.id);
    expect(sink.received).toHaveLength(7);
    const after = await ctx.db
      .selectFrom('invoice_summaries')
      .selectAll()
      .where('id', '=', summaryId)
      .executeTakeFirstOrThrow();
    expect(Number(after.number_of_delivered_invoice)).toBe(16);

    // A failed one fixed and resent.
    const failed = await recipients(res.body.data.id, 'failed');
    const fixed = failed.find((r: any) => r.invoice_key === 'INV-2025-0003');
    const resent = await call(ctx, 'POST', `/deliveries/recipients/${fixed.id}/resend`, {
      token: staff.token,
      body: { to: 'dewi@example.com' },
    });
    expect(resent.status).toBe(200);
    await finished(period, res.body.data.id);
    expect(sink.received.at(-1)!.subject).toContain('INV-2025-0003');
    const last = await ctx.db
      .selectFrom('invoice_summaries')
      .selectAll()
      .where('id', '=', summaryId)
      .executeTakeFirstOrThrow();
    expect(Number(last.number_of_delivered_invoice)).toBe(17);

    const events = await ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor_name'])
      .where('action', 'like', 'delivery_%')
      .execute();
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['delivery_start', 'delivery_resend']),
    );
    expect(events.every((e) => e.actor_name === 'Sari Staff')).toBe(true);
  });

  test('each row’s .docx, handed over in one zip of stored files, goes to its recipient', async () => {
    const period = '2025-05';
    await insertSummary(ctx, period);
    const rows = rowsFor(['eka@example.com', 'fajar@example.com'], 'INV-D-').map((r, i) => ({
      ...r,
      pages: undefined,
      file: `Row ${i + 2}.docx`,
    }));
    // The generator's one-file-per-row zip: its files stored, each a row's document.
    const zip = new PizZip();
    for (const r of rows)
      zip.file(r.file, new Uint8Array(buildDocx({ body: paragraph(`Tagihan ${r.key}`) })));
    const archive = zip.generate({ type: 'uint8array', compression: 'STORE' });
    const form = new FormData();
    form.set('job', JSON.stringify({ period, attachment: 'docx', recipients: rows }));
    form.set('documents', new Blob([archive as Uint8Array<ArrayBuffer>]), 'documents');
    const before = sink.received.length;
    const res = await post(form);
    expect(res.status).toBe(201);
    expect(res.body.data.queued).toBe(2);
    await finished(period, res.body.data.id);
    const got = sink.received.slice(before);
    expect(got).toHaveLength(2);
    for (const r of rows) {
      const mail = got.find((m) => m.subject === r.subject)!;
      expect(mail.attachments[0].filename).toBe(`Tagihan_${r.key}.docx`);
      const xml = new PizZip(mail.attachments[0].content).file('word/document.xml')!.asText();
      expect(xml).toContain(`Tagihan ${r.key}`);
      for (const other of rows.filter((o) => o !== r)) expect(xml).not.toContain(other.key);
    }

    // A zip whose files are compressed is not what the page sends: refused, nothing stored.
    const deflated = new FormData();
    deflated.set(
      'job',
      JSON.stringify({
        period,
        attachment: 'docx',
        recipients: rowsFor(['g@example.com'], 'INV-E-').map((r) => ({
          ...r,
          pages: undefined,
          file: rows[0].file,
        })),
      }),
    );
    deflated.set(
      'documents',
      new Blob([
        zip.generate({ type: 'uint8array', compression: 'DEFLATE' }) as Uint8Array<ArrayBuffer>,
      ]),
      'documents',
    );
    const refused = await post(deflated);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The documents part must be a zip of stored .docx files');
    expect((await jobs(period)).jobs).toHaveLength(1);
  });

  test('bad jobs are refused with the reason and nothing is stored', async () => {
    await insertSummary(ctx, '2025-10');
    const pdf = await mergedPdf([{ key: 'A', customer: 'a' }]);
    const before = await ctx.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const noAddress = await post(
      jobForm({ period: '2025-10', recipients: rowsFor(['not an address']) }, pdf),
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.data.refused[0].reason).toBe('badAddress');
    const beyond = await post(
      jobForm({ period: '2025-10', recipients: rowsFor(['a@example.com', 'b@example.com']) }, pdf),
    );
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatch(/Row 3: its pages are not within the PDF's 1 pages/);
    const noPeriod = await post(
      jobForm({ period: '2031-01', recipients: rowsFor(['a@example.com']) }, pdf),
    );
    expect(noPeriod.status).toBe(404);
    const form = jobForm(
      { period: '2025-10', recipients: rowsFor(['a@example.com']) },
      new TextEncoder().encode('not a pdf'),
    );
    expect((await post(form)).status).toBe(422);
    const after = await ctx.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
