// The real server's sender (issue 32, docs/delivery.md "Exactly once"): a server process that never
// started it would mail nothing here. The started server mails a queued job to an SMTP peer;
// SIGTERM in the middle lets the mails in flight finish and records them before the process exits
// 0 and closes its database: on the next start (whose day's limit lets nothing more go) every
// accepted mail is `sent` and counted, the rest `queued`, none `sending` or `unknown` (a claim the
// stop left behind would show `unknown` there).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { handOverJob } from '../support/deliveryJob';
import { adminQuery } from '../support/faultApp';
import { call, JWT_SECRET, startNode, stopNode, type Node } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

const ROWS = 60;
const PERIOD = '2025-11';
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.each(testDatabaseUrl ? ['sqlite', 'postgres'] : ['sqlite'])(
  'the started server sends and stops gracefully (%s)',
  (engine) => {
    const database = `i32_stop_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'di-sender-stop-'));
    let node: Node | undefined;
    let sink: SmtpSink | undefined;
    afterAll(async () => {
      await stopNode(node);
      await sink?.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres')
        await adminQuery(`drop database if exists ${database} with (force)`);
    });

    test('mails a queued job; SIGTERM lets the mails in flight finish and records them', async () => {
      const env: Record<string, string> = { JWT_SECRET, MAIL_RATE: '0' };
      if (engine === 'postgres') {
        await adminQuery(`create database ${database}`);
        const url = new URL(testDatabaseUrl!);
        url.pathname = `/${database}`;
        env.DATABASE_URL = url.toString();
      }
      // A slow SMTP server: mails are still in the conversation when the signal comes.
      sink = await startSmtpSink(50, false);
      node = await startNode('sender-stop', { ...env, SMTP_URL: sink.url }, dataDir);
      const { token, status, body } = await handOverJob(
        node,
        PERIOD,
        Array.from({ length: ROWS }, (_, i) => `c${i + 1}@example.com`),
        1000,
      );
      expect(status).toBe(201);
      const id = body.data.id as number;
      while (sink.accepted < 5) await new Promise((r) => setTimeout(r, 10));

      const exited = new Promise<number | null>((resolve) => node!.process.once('exit', resolve));
      node.process.kill('SIGTERM');
      expect(await exited).toBe(0);
      const accepted = sink.accepted;
      expect(accepted).toBeLessThan(ROWS);

      // The day's limit is what went already: this start sends nothing, it only shows the rows.
      node = await startNode(
        'sender-stop-again',
        { ...env, SMTP_URL: sink.url, MAIL_DAILY_LIMIT: String(accepted) },
        dataDir,
      );
      const res = await call(node, 'GET', `/api/v1/deliveries?period=${PERIOD}`, undefined, token);
      const job = res.body.data.jobs.find((j: any) => j.id === id);
      expect(job.counts).toMatchObject({
        sent: accepted,
        queued: ROWS - accepted,
        sending: 0,
        unknown: 0,
      });
      expect(res.body.data.delivered).toBe(accepted);
      expect(sink.accepted).toBe(accepted);
    }, 120_000);
  },
);
