// Chunks of long documents shared by every node on one PostgreSQL (docs/pdf-chunks.md, "Across
// nodes"). The node that received the request writes the job's chunks (their .docx) as rows of
// pdf_chunks, converts them in its own slots like any node and, when every chunk is done, joins
// them and answers. Other nodes take a chunk whenever one of their slots is free and write its PDF
// back into the row. Rows are claimed through the work queue of e-mail delivery (src/server/jobs).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseKind } from '../db/connection';
import type { Database, PdfChunksTable } from '../db/schema';
import { createQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import type { DocxChunk } from './chunks';
import { PdfChunkError, type ChunkConverted } from './chunked';
import type { PdfPool } from './pool';
import { countPdfPages, pdfFilePages, type ChunkProgress } from './progress';
import { PdfConversionError, type PdfResult } from './result';
import type { PdfOutcome } from './stats';
import { beat, HEARTBEAT, reportChunkPages, sweepOrphans, type Heartbeat } from './sharedJobs';
import { PdfBusyError, type Ticket } from './tickets';

type Chunk = Selectable<PdfChunksTable>;

/** A claim this much older than PDF_TIMEOUT belongs to a node that died: the chunk is taken again. */
const LEASE_GRACE_MS = 60_000;
/** Chunk rows written per statement (each carries its .docx). */
const INSERT_BATCH = 20;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const aborted = () => new PdfConversionError('aborted', 'The conversion was cancelled');

export class SharedChunks {
  private readonly stopping = new AbortController();
  private helpers: Promise<void>[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DatabaseKind,
    private readonly pool: PdfPool,
    private readonly logger: Logger,
    /** How often a job's owner looks at its chunks' state (ms). */
    private readonly pollMs = 100,
    /** How often an idle node looks for other nodes' chunks (ms): one cheap query per slot. */
    private readonly idleMs = 1000,
    /** The receiving node's heartbeat, and when the others take a job for orphaned (./sharedJobs.ts). */
    private readonly heartbeat: Heartbeat = HEARTBEAT,
  ) {}

  private get node(): string {
    return this.pool.node;
  }

  private queue(claimable: ReturnType<typeof sql>) {
    return createQueue<Chunk>(this.db, this.kind, {
      table: 'pdf_chunks',
      ready: 'ready',
      running: 'converting',
      lost: 'ready',
      claimable,
    });
  }

  /** Starts one loop per slot taking other nodes' chunks while that slot would be idle. */
  start(): void {
    const queue = this.queue(
      sql`job_id in (select id from pdf_jobs where status = 'active' and node <> ${this.node})`,
    );
    this.helpers = Array.from({ length: this.pool.config.workers }, (_, i) =>
      this.help(queue, `pdf-chunks-${i}`),
    );
    this.helpers.push(
      sweepOrphans(this.db, this.node, this.heartbeat, this.logger, this.stopping.signal),
    );
  }

  /** Ends the loops; a chunk being converted goes back to the queue for another node. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.helpers);
  }

  private async help(queue: ReturnType<SharedChunks['queue']>, user: string): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let took = false;
      if (this.pool.idle)
        try {
          took = await this.pool.withTicket(user, async (ticket) => {
            const [chunk] = await queue.claim(1, this.node, new Date());
            if (chunk) await this.convertTheirs(queue, ticket, chunk);
            return Boolean(chunk);
          });
        } catch (error) {
          if (!(error instanceof PdfBusyError))
            this.logger.warn(`PDF chunks: ${error instanceof Error ? error.message : error}`);
        }
      if (!took) await sleep(this.idleMs, this.stopping.signal);
    }
  }

  /** Another node's chunk: converted here, its PDF written into its row; stopped if the job ends. */
  private async convertTheirs(
    queue: ReturnType<SharedChunks['queue']>,
    ticket: Ticket,
    chunk: Chunk,
  ): Promise<void> {
    const stop = new AbortController();
    const watch = setInterval(() => {
      void this.db
        .selectFrom('pdf_jobs')
        .select('status')
        .where('id', '=', chunk.job_id)
        .executeTakeFirst()
        .then((job) => job?.status !== 'active' && stop.abort())
        .catch(() => undefined);
    }, 4 * this.pollMs);
    try {
      const signal = AbortSignal.any([stop.signal, this.stopping.signal]);
      const result = await this.pool.convert(ticket, chunk.docx, signal);
      try {
        const pdf = await readFile(result.file);
        const pages = countPdfPages(pdf, chunk.last_row - chunk.first_row + 1);
        if (await queue.finish(chunk.id, this.node, 'done', { pdf, pages }))
          this.pool.stats.chunkConverted();
      } finally {
        await result.dispose();
      }
    } catch (error) {
      if (stop.signal.aborted) return; // the job was cancelled or has failed: its rows go
      if (this.stopping.signal.aborted)
        await queue.retryAt(chunk.id, this.node, new Date(), {}).catch(() => undefined);
      else {
        const outcome = error instanceof PdfConversionError ? error.outcome : 'failed';
        await queue.finish(chunk.id, this.node, 'failed', { outcome });
      }
    } finally {
      clearInterval(watch);
    }
  }

  /**
   * This node's long document: its chunks as rows any node may take, this node's slots taking
   * them too, until every chunk is done. The PDFs in order, those of other nodes written into
   * conversion directories here as soon as they are done. Each chunk, this node's or another's,
   * is handed to `converted` once. Cancel or a failed chunk ends the job on every node.
   */
  async convert(
    ticket: Ticket,
    chunks: DocxChunk[],
    signal: AbortSignal,
    converted: ChunkConverted,
    progress?: ChunkProgress | null,
  ): Promise<PdfResult[]> {
    const now = new Date().toISOString();
    const { id } = await this.db
      .insertInto('pdf_jobs')
      .values({
        node: this.node,
        status: 'active',
        created_at: now,
        heartbeat_at: now,
        user_id: progress?.user ?? null,
        progress_key: progress?.id ?? null,
        sections: chunks[chunks.length - 1].last,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const results: (PdfResult | undefined)[] = chunks.map(() => undefined);
    const stop = new AbortController();
    const cancel = () => stop.abort();
    signal.addEventListener('abort', cancel, { once: true });
    let failure: Error | undefined;
    let done = false;
    // While the job lives its heartbeat tells the other nodes this node is alive; a job the others
    // took for orphaned (its row gone) fails here.
    const heart = setInterval(() => {
      void beat(this.db, id)
        .then((alive) => {
          if (alive) return;
          failure ??= new PdfConversionError('failed', 'The job was taken for orphaned');
          stop.abort();
        })
        .catch(() => undefined);
    }, this.heartbeat.everyMs);
    try {
      for (let at = 0; at < chunks.length; at += INSERT_BATCH)
        await this.db
          .insertInto('pdf_chunks')
          .values(
            chunks.slice(at, at + INSERT_BATCH).map((chunk, i) => ({
              job_id: id,
              position: at + i,
              first_row: chunk.first,
              last_row: chunk.last,
              status: 'ready' as const,
              run_after: now,
              docx: Buffer.from(chunk.bytes),
            })),
          )
          .execute();
      const queue = this.queue(sql`job_id = ${id}`);
      // Other nodes' chunks, fetched by one loop at a time as they are done.
      let gathering = Promise.resolve();
      const gather = () => (gathering = gathering.then(() => this.collect(id, results, converted)));
      const loop = async () => {
        while (!stop.signal.aborted) {
          const [chunk] = await queue.claim(1, this.node, new Date());
          if (chunk) {
            try {
              const part = await this.pool.convert(ticket, chunk.docx, stop.signal);
              results[chunk.position] = part;
              const pages = await pdfFilePages(part.file, chunk.last_row - chunk.first_row + 1);
              await queue.finish(chunk.id, this.node, 'done', { pages });
              this.pool.stats.chunkConverted();
              converted(chunk.position, part);
              await gather();
            } catch (error) {
              if (!(error instanceof PdfConversionError)) failure ??= error as Error;
              else if (!(error.outcome === 'aborted' && stop.signal.aborted))
                failure ??= new PdfChunkError(error, chunk.first_row, chunk.last_row);
              stop.abort();
            }
            continue;
          }
          await gather();
          if (await this.settled(id, chunks.length, (error) => (failure ??= error))) break;
          await sleep(this.pollMs, stop.signal);
        }
      };
      await Promise.all(Array.from({ length: this.pool.config.workers }, loop));
      if (failure) stop.abort();
      if (signal.aborted) throw aborted();
      if (failure) throw failure;
      await gather();
      done = true;
      return results as PdfResult[];
    } catch (error) {
      stop.abort();
      await Promise.all(results.map((part) => part?.dispose()));
      throw error;
    } finally {
      clearInterval(heart);
      signal.removeEventListener('abort', cancel);
      // Marked first, so every node's watch stops its chunk; then the rows go (with the chunks').
      const status = signal.aborted ? 'cancelled' : 'failed';
      if (!done)
        await this.db.updateTable('pdf_jobs').set({ status }).where('id', '=', id).execute();
      else if (progress) await reportChunkPages(this.db, id, progress).catch(() => undefined);
      await this.db.deleteFrom('pdf_jobs').where('id', '=', id).execute();
    }
  }

  /** True when every chunk is done or one failed (`fail` then gets its error); requeues lost claims. */
  private async settled(
    id: number,
    total: number,
    fail: (error: PdfChunkError) => void,
  ): Promise<boolean> {
    const rows = await this.db
      .selectFrom('pdf_chunks')
      .select(['status', 'first_row', 'last_row', 'outcome'])
      .where('job_id', '=', id)
      .where('status', 'in', ['done', 'failed'])
      .execute();
    const failed = rows.find((row) => row.status === 'failed');
    if (failed) {
      const outcome = (failed.outcome ?? 'failed') as Exclude<PdfOutcome, 'ok'>;
      fail(
        new PdfChunkError(
          new PdfConversionError(outcome, outcome),
          failed.first_row,
          failed.last_row,
        ),
      );
      return true;
    }
    if (rows.length === total) return true;
    await this.queue(sql`job_id = ${id}`).expireClaims(
      new Date(Date.now() - this.pool.config.timeoutMs - LEASE_GRACE_MS),
    );
    return false;
  }

  /** The chunks other nodes converted not yet here, each into a conversion directory of ours. */
  private async collect(
    id: number,
    results: (PdfResult | undefined)[],
    converted: ChunkConverted,
  ): Promise<void> {
    const here = results.flatMap((part, position) => (part ? [position] : []));
    let query = this.db
      .selectFrom('pdf_chunks')
      .select(['position', 'pdf'])
      .where('job_id', '=', id)
      .where('pdf', 'is not', null);
    if (here.length) query = query.where('position', 'not in', here);
    for (const { position, pdf } of await query.execute()) {
      const { dir, dispose } = await this.pool.jobDirectory();
      const part = { file: path.join(dir, 'document.pdf'), size: pdf!.length, dispose };
      results[position] = part;
      await writeFile(part.file, pdf!);
      converted(position, part);
    }
  }
}
