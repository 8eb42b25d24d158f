// Exactly once with real server processes (issue 32): kill -9 in the middle of a 2,000-mail job
// and a restart (SQLite), and two nodes sending one job together (PostgreSQL, when
// TEST_DATABASE_URL is set). No recipient ever gets a second mail; a mail that was being sent
// when the process died shows `unknown` and can be marked as sent.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { handOverJob } from '../support/deliveryJob';
import { adminQuery } from '../support/faultApp';
import { call, JWT_SECRET, startNode, stopNode, type Node } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

const ROWS = 2000;
const PERIOD = '2025-12';

async function prepare(node: Node, rows = ROWS) {
  const addresses = Array.from({ length: rows }, (_, i) => `c${i + 1}@example.com`);
  const { token, status, body } = await handOverJob(node, PERIOD, addresses, 10_000);
  expect(status).toBe(201);
  return { token, id: body.data.id as number };
}

async function waitDone(node: Node, token: string, id: number, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await call(node, 'GET', `/api/v1/deliveries?period=${PERIOD}`, undefined, token);
    const job = res.body.data?.jobs.find((j: any) => j.id === id);
    if (job?.status === 'done') return { job, delivered: res.body.data.delivered as number };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the job did not finish');
}

async function statuses(node: Node, token: string, id: number, status: string) {
  const res = await call(
    node,
    'GET',
    `/api/v1/deliveries/${id}/recipients?status=${status}&limit=500`,
    undefined,
    token,
  );
  return res.body.data.recipients as any[];
}

/** How many messages each invoice key received. */
function perKey(sink: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.received) {
    const key = /INV-2025-\d{4}/.exec(mail.subject ?? '')![0];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('delivery survives kill -9 (SQLite)', () => {
  let node: Node | undefined;
  let sink: SmtpSink | undefined;
  afterAll(async () => {
    await stopNode(node);
    await sink?.close();
  });

  test('after a restart the job finishes, nobody gets a second mail, the in-flight ones are unknown', async () => {
    sink = await startSmtpSink(20);
    const env = { SMTP_URL: sink.url, MAIL_RATE: '0', MAIL_DAILY_LIMIT: '100000', JWT_SECRET };
    node = await startNode('kill', env);
    const dataDir = node.dataDir;
    const { token, id } = await prepare(node);
    while (sink.received.length < ROWS / 4) await new Promise((r) => setTimeout(r, 50));
    const exited = new Promise((resolve) => node!.process.once('exit', resolve));
    node.process.kill('SIGKILL');
    await exited;
    const beforeRestart = sink.received.length;

    node = await startNode('kill-restarted', env, dataDir);
    node.keepDataDir = false;
    const { job, delivered } = await waitDone(node, token, id);
    const counts = perKey(sink);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(sink.received.length).toBeGreaterThan(beforeRestart);
    expect(job.counts.unknown).toBeGreaterThan(0);
    expect(job.counts.sent + job.counts.unknown).toBe(ROWS);
    expect(delivered).toBe(job.counts.sent);

    // Every row marked sent reached the server; an unknown one may or may not have.
    const unknown = await statuses(node, token, id, 'unknown');
    expect(unknown.length).toBe(job.counts.unknown);
    expect(counts.size).toBeGreaterThanOrEqual(job.counts.sent);
    const marked = await call(
      node,
      'POST',
      `/api/v1/deliveries/recipients/${unknown[0].id}/mark-sent`,
      undefined,
      token,
    );
    expect(marked.status).toBe(200);
    expect((await waitDone(node, token, id)).delivered).toBe(job.counts.sent + 1);
  }, 300_000);
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  describe('two nodes on one PostgreSQL database send one job', () => {
    const database = `i32_delivery_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${database}`;
    let a: Node | undefined;
    let b: Node | undefined;
    let sink: SmtpSink | undefined;
    afterAll(async () => {
      await Promise.all([stopNode(a), stopNode(b)]);
      await sink?.close();
      await adminQuery(`drop database if exists ${database} with (force)`);
    });

    test('every recipient gets exactly one mail', async () => {
      await adminQuery(`create database ${database}`);
      sink = await startSmtpSink(5);
      const env = {
        DATABASE_URL: url.toString(),
        JWT_SECRET,
        SMTP_URL: sink.url,
        MAIL_RATE: '0',
        MAIL_DAILY_LIMIT: '100000',
      };
      a = await startNode('a', env);
      b = await startNode('b', env);
      const { token, id } = await prepare(a);
      const { job, delivered } = await waitDone(b, token, id);
      expect(job.counts.sent).toBe(ROWS);
      const counts = perKey(sink);
      expect(counts.size).toBe(ROWS);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(delivered).toBe(ROWS);
    }, 300_000);
  });
}
