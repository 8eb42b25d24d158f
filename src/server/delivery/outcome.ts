// What a sending attempt leaves behind (docs/delivery.md): the accepted mail's Message-ID and the
// server's answer, the period's delivered count raised once per invoice key (never above its total
// transactions: the job then says so), and the job marked done when nothing is left to send.
import { sql, type Kysely, type Selectable } from 'kysely';
import { precompiled } from '../db/fast/precompiled';
import type { Database, DeliveryRecipientsTable } from '../db/schema';
import type { Queue } from '../jobs/queue';

type Db = Kysely<Database>;
type Recipient = Selectable<DeliveryRecipientsTable>;

/** Temporary failures are tried this many times in all, waiting base × 4^(attempt − 1) between. */
export const MAX_ATTEMPTS = 4;

export interface SendError {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** A 5xx answer is permanent; a 4xx answer, a dropped connection or a timeout is worth another try. */
export function isPermanent(error: SendError): boolean {
  return typeof error.responseCode === 'number' && error.responseCode >= 500;
}

export function answerOf(error: SendError): string {
  return (error.response || error.message || error.code || 'unknown error').slice(0, 1000);
}

// The statements that count an accepted mail, built and compiled once per transaction, not per mail
// (src/server/db/fast/README.md; docs/delivery.md, "Memory"). Ending the claim stays the queue's
// (src/server/jobs/queue.ts), whose rule it is.
const countKey = precompiled((db, summaryId: number, key: string, recipientId: number) =>
  db
    .insertInto('delivery_counted_keys')
    .values({ invoice_summary_id: summaryId, invoice_key: key, recipient_id: recipientId })
    .onConflict((oc) => oc.columns(['invoice_summary_id', 'invoice_key']).doNothing())
    .returning('recipient_id'),
);
const markCounted = precompiled((db, id: number) =>
  db.updateTable('delivery_recipients').set({ counted: 1 }).where('id', '=', id),
);
const raiseCount = precompiled((db, summaryId: number, updatedAt: string) =>
  db
    .updateTable('invoice_summaries')
    .set({
      number_of_delivered_invoice: sql<number>`number_of_delivered_invoice + 1`,
      version: sql<number>`version + 1`,
      updated_at: updatedAt,
    })
    .where('id', '=', summaryId)
    .whereRef('number_of_delivered_invoice', '<', 'number_of_total_transaction')
    .returning('id'),
);
const markCapped = precompiled((db, deliveryId: number) =>
  db.updateTable('deliveries').set({ count_capped: 1 }).where('id', '=', deliveryId),
);
/**
 * Raises the period's delivered count for the row's key, once per key: the key's insert into
 * delivery_counted_keys wins once, even for two nodes recording the same key at the same moment
 * on PostgreSQL (the second waits for the first's transaction, then inserts nothing).
 */
export async function raiseDeliveredCount(trx: Db, row: Recipient): Promise<void> {
  const counted = await countKey(trx, row.invoice_summary_id, row.invoice_key, row.id);
  if (counted.length === 0) return;
  await markCounted(trx, row.id);
  const raised = await raiseCount(trx, row.invoice_summary_id, new Date().toISOString());
  if (raised.length === 0) await markCapped(trx, row.delivery_id);
}

export interface Accepted {
  row: Recipient;
  /** `sent`: the server accepted the mail; `outbox`: written to the outbox, not delivered. */
  status: 'sent' | 'outbox';
  messageId: string;
  answer: string;
}

/**
 * Accepted mails, recorded in one transaction: each row ends with its Message-ID and the server's
 * answer, and raises the period's delivered count (a commit per mail cost more than sending it).
 */
export async function recordAccepted(
  db: Db,
  queue: Queue<Recipient>,
  node: string,
  accepted: readonly Accepted[],
): Promise<void> {
  if (!accepted.length) return;
  const finishedAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const { row, status, messageId, answer } of accepted) {
      const finished = await queue.finish(
        row.id,
        node,
        status,
        {
          message_id: messageId.slice(0, 500),
          server_answer: answer.slice(0, 1000),
          finished_at: finishedAt,
        },
        trx,
      );
      if (finished && status === 'sent') await raiseDeliveredCount(trx, row);
    }
  });
}

export interface AcceptedLog {
  /** Resolves once the mail's outcome is committed. */
  add(accepted: Accepted): Promise<void>;
  /** Records whatever waits, now. */
  flush(): Promise<void>;
}

/**
 * Collects accepted mails and records them together (docs/delivery.md, "Exactly once"): when
 * `batch` wait or `waitMs` after the first. Until then the row stays claimed, so a process that
 * dies in between leaves it `unknown`, like a mail still in the SMTP conversation.
 */
export function acceptedLog(
  db: Db,
  queue: Queue<Recipient>,
  node: string,
  options: { batch: number; waitMs: number; onError: (error: unknown) => void },
): AcceptedLog {
  let pending: { accepted: Accepted; done: () => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    // One transaction at a time: SQLite has one writer, and the order of the batches stays.
    writing = writing.then(async () => {
      if (!batch.length) return;
      const accepted = batch.map((p) => p.accepted);
      for (let attempt = 1; ; attempt++) {
        try {
          await recordAccepted(db, queue, node, accepted);
          break;
        } catch (error) {
          options.onError(error);
          // Never retried as a send: after a few tries the rows stay claimed and become `unknown`.
          if (attempt === 3) break;
          await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
        }
      }
      for (const p of batch) p.done();
    });
    return writing;
  }

  return {
    add(accepted) {
      return new Promise<void>((done) => {
        pending.push({ accepted, done });
        if (pending.length >= options.batch) void flush();
        else timer ??= setTimeout(() => void flush(), options.waitMs);
      });
    },
    flush,
  };
}

export async function recordFailure(
  queue: Queue<Recipient>,
  node: string,
  row: Recipient,
  error: SendError,
  retryBaseMs: number,
): Promise<void> {
  const answer = answerOf(error);
  if (!isPermanent(error) && row.attempts < MAX_ATTEMPTS) {
    const wait = retryBaseMs * 4 ** (row.attempts - 1);
    await queue.retryAt(row.id, node, new Date(Date.now() + wait), { server_answer: answer });
    return;
  }
  await queue.finish(row.id, node, 'failed', {
    server_answer: answer,
    finished_at: new Date().toISOString(),
  });
}

/** Jobs with nothing queued or in flight are done. */
export async function closeFinishedJobs(db: Db): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'done', ended_at: new Date().toISOString() })
    .where('status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('delivery_recipients as r')
            .select('r.id')
            .whereRef('r.delivery_id', '=', 'deliveries.id')
            .where('r.status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .execute();
}
