// The sending loop of a node (docs/delivery.md): claims ready recipients, sends each with its
// attachment through nodemailer's pooled SMTP transport (or writes it to the outbox without
// SMTP_URL), records the outcome, paces to MAIL_RATE and stops for the day at MAIL_DAILY_LIMIT.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { DatabaseKind } from '../db/connection';
import type { Database, DeliveryRecipientsTable } from '../db/schema';
import { createQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import { AttachmentSource } from './attachments';
import type { DeliveryConfig } from './config';
import { buildMail, parseMailbox, type Mailbox } from './mime';
import { acceptedLog, closeFinishedJobs, recordFailure, type SendError } from './outcome';

type Recipient = Selectable<DeliveryRecipientsTable>;

export interface SenderOptions {
  db: Kysely<Database>;
  kind: DatabaseKind;
  config: DeliveryConfig;
  smtpUrl: string | undefined;
  outboxDir: string;
  logger: Logger;
  /** First wait before a temporary failure is retried (ms). */
  retryBaseMs?: number;
  /** A claim older than this whose node never finished it becomes `unknown` (ms). */
  claimLeaseMs?: number;
  /** How often an idle loop looks for work (ms). */
  idleMs?: number;
}

/** The server's answer, naming the addresses it refused when it accepted the mail for others. */
function answerOf(info: { response?: string; rejected?: unknown[] }): string {
  const refused = (info.rejected ?? []).map(String);
  return refused.length
    ? `${info.response ?? ''} (refused: ${refused.join(', ')})`
    : (info.response ?? '');
}

export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Mails accepted or in flight since the start of this UTC day, over all nodes. */
export async function sentToday(db: Kysely<Database>, at: Date): Promise<number> {
  const row = await db
    .selectFrom('delivery_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'sending'),
        eb.and([
          eb('status', 'in', ['sent', 'unknown']),
          eb('finished_at', '>=', startOfUtcDay(at).toISOString()),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Sender {
  /** Resolves when the mails in flight have ended. */
  stop(): Promise<void>;
}

export function startSender(options: SenderOptions): Sender {
  const { db, kind, config, logger } = options;
  const node = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const queue = createQueue<Recipient>(db, kind, {
    table: 'delivery_recipients',
    ready: 'queued',
    running: 'sending',
    lost: 'unknown',
    claimable: sql`delivery_id in (select id from deliveries where status = 'active')`,
  });
  const attachments = new AttachmentSource(db);
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const leaseMs = options.claimLeaseMs ?? 5 * 60_000;
  const idleMs = options.idleMs ?? 1000;
  const interval = config.ratePerMinute > 0 ? 60_000 / config.ratePerMinute : 0;
  let nextSlot = Date.now();
  let stopped = false;
  let wake: (() => void) | undefined;
  /** Rows claimed and not through their SMTP conversation yet. */
  const inFlight = new Set<Promise<void>>();
  /** Rows through it, waiting for their outcome's transaction. */
  const recording = new Set<Promise<void>>();
  // Up to this many rows are claimed or in the SMTP conversation at once; when nothing paces the
  // sending, claims wait until half of them are free, so one claim statement takes many rows.
  const capacity = config.connections * 4;
  const log = acceptedLog(db, queue, node, {
    batch: capacity,
    waitMs: 100,
    onError: (error) =>
      logger.error('delivery: recording accepted mails failed', { error: String(error) }),
  });

  const transport: Promise<Transporter> = import('nodemailer').then(({ default: nodemailer }) =>
    options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          pool: true,
          maxConnections: config.connections,
          maxMessages: 1000,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        } as never)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );

  // A job's sender and Reply-To never change: read once per job, not once per mail.
  const jobs = new Map<number, Promise<{ replyTo: string | null; from: Mailbox }>>();
  const jobOf = (id: number) => {
    let job = jobs.get(id);
    if (!job) {
      job = db
        .selectFrom('deliveries')
        .select(['reply_to', 'sender'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((row) => ({ replyTo: row.reply_to, from: parseMailbox(row.sender) }));
      job.catch(() => jobs.delete(id));
      jobs.set(id, job);
      if (jobs.size > 100) jobs.delete(jobs.keys().next().value!);
    }
    return job;
  };

  function record(done: Promise<void>): void {
    const tracked = done.finally(() => {
      recording.delete(tracked);
      wake?.();
    });
    recording.add(tracked);
  }

  async function sendOne(row: Recipient): Promise<void> {
    try {
      const delivery = await jobOf(row.delivery_id);
      const attachment = await attachments.of(row);
      // One Buffer a mail, our own writer's (docs/delivery.md, "Memory"): nodemailer only sends it.
      const { raw, messageId, envelope } = buildMail({
        from: delivery.from,
        to: row.addresses
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
        replyTo: delivery.replyTo,
        subject: row.subject,
        text: row.body ?? '',
        attachment: { filename: row.attachment_name, ...attachment },
      });
      const info = await (await transport).sendMail({ raw, envelope, messageId });
      if (options.smtpUrl) {
        record(log.add({ row, status: 'sent', messageId, answer: answerOf(info) }));
        return;
      }
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `delivery-${row.delivery_id}-${row.id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      record(log.add({ row, status: 'outbox', messageId, answer: `written to ${file}` }));
    } catch (error) {
      const failure = (error ?? {}) as SendError;
      logger.warn('delivery: mail not accepted', { recipient: row.id, error: failure.message });
      await recordFailure(queue, node, row, failure, retryBaseMs).catch((e) =>
        logger.error('delivery: recording a failure failed', { error: String(e) }),
      );
    }
  }

  // The day's count over all nodes, read again every few seconds; this node's claims meanwhile
  // are added to it, so the limit holds between reads.
  let today = { count: 0, readAt: 0 };
  async function dayCount(): Promise<number> {
    if (Date.now() - today.readAt > 5_000 || startOfUtcDay(new Date()).getTime() > today.readAt)
      today = { count: await sentToday(db, new Date()), readAt: Date.now() };
    return today.count;
  }

  async function budget(): Promise<number> {
    const free = capacity - inFlight.size;
    if (free <= 0 || (!interval && inFlight.size > 0 && free < capacity / 2)) return 0;
    const left = config.dailyLimit - (await dayCount());
    if (left <= 0) return 0;
    if (!interval) return Math.min(free, left);
    const slots = Math.floor((Date.now() - nextSlot) / interval) + 1;
    return Math.max(0, Math.min(free, left, slots));
  }

  /** Claims and starts what the budget allows; `drained` when there was less to claim than asked. */
  async function tick(): Promise<{ claimed: number; drained: boolean }> {
    const n = await budget();
    if (n <= 0) return { claimed: 0, drained: false };
    const rows = await queue.claim(n, node, new Date());
    today.count += rows.length;
    if (interval) nextSlot = Math.max(nextSlot, Date.now() - interval) + rows.length * interval;
    for (const row of rows) {
      const job = sendOne(row).finally(() => {
        inFlight.delete(job);
        wake?.();
      });
      inFlight.add(job);
    }
    return { claimed: rows.length, drained: rows.length < n };
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    // One SQLite file has one server: whatever it had claimed died with it.
    const lost = await queue.expireClaims(
      kind === 'sqlite' ? new Date(Date.now() + 1) : new Date(Date.now() - leaseMs),
    );
    if (lost)
      logger.warn(
        `delivery: ${lost} mails were being sent when the server stopped; shown as unknown`,
      );
    let lastSweep = Date.now();
    while (!stopped) {
      try {
        const { claimed, drained } = await tick();
        if (Date.now() - lastSweep > Math.min(leaseMs, 10_000) || drained) {
          if (kind === 'postgres') await queue.expireClaims(new Date(Date.now() - leaseMs));
          await closeFinishedJobs(db);
          lastSweep = Date.now();
        }
        if (!claimed) await sleep(idleMs);
        else if (interval) await sleep(Math.max(0, nextSlot - Date.now()));
      } catch (error) {
        logger.error('delivery: sender loop', { error: String(error) });
        await sleep(idleMs);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
      await log.flush();
      await Promise.allSettled([...recording]);
      (await transport).close();
    },
  };
}
