// A job's documents stored in chunks and read by range (docs/delivery.md, "Memory"): the hand-over
// writes the uploaded merged PDF from its file a chunk at a time, and the sender reads it through a
// few chunks loaded when a read needs them, so neither holds the whole PDF (8 MB at 5,000 one-page
// invoices, about 80 MB at 50,000). Files stored before the chunks (`size` null) are one blob,
// read whole as before.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { BytesMissing, bytesSource, type ByteSource } from '../pdf/lazyPdf';

/**
 * 1 MB: small enough that a job's sending keeps a few in memory (CHUNKS_KEPT) and that one
 * insert stays small (PostgreSQL's driver sends a bytea as hex, twice its size), large enough
 * that a 50,000-page PDF (about 80 MB) is 80 rows and a page's objects rarely span two chunks.
 */
export const CHUNK_BYTES = 1024 * 1024;

/** The chunks a job's reader keeps when no read is under way: a few MB per job. */
export const CHUNKS_KEPT = 4;

/** A merged PDF's bytes: read by range, or whole for pdf-lib's parse (the rare path). */
export interface PdfFile {
  readonly source: ByteSource;
  whole(): Promise<Uint8Array>;
}

export function inMemory(bytes: Uint8Array): PdfFile {
  return { source: bytesSource(bytes), whole: async () => bytes };
}

/** The uploaded file read by range (fd reads); `close` when done. */
export function fileOnDisk(path: string): PdfFile & { close(): void } {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    source: {
      size,
      read(start, end) {
        const out = new Uint8Array(Math.max(0, Math.min(end, size) - start));
        let done = 0;
        while (done < out.length) {
          const n = readSync(fd, out, done, out.length - done, start + done);
          if (n === 0) break;
          done += n;
        }
        return out.subarray(0, done);
      },
    },
    whole: () => readFile(path),
    close: () => closeSync(fd),
  };
}

/** A document to store: bytes in memory (a sanitised .docx) or the uploaded file on disk. */
export type Stored = Uint8Array | { path: string };

/** Stores a job's document in chunks (inside the job's transaction); its file id. */
export async function storeFile(
  trx: Transaction<Database>,
  deliveryId: number,
  document: Stored,
): Promise<number> {
  const insertFile = (size: number) =>
    trx
      .insertInto('delivery_files')
      .values({ delivery_id: deliveryId, bytes: Buffer.alloc(0), size })
      .returning('id')
      .executeTakeFirstOrThrow();
  const insertChunk = (fileId: number, seq: number, start: number, bytes: Uint8Array) =>
    trx
      .insertInto('delivery_file_chunks')
      // A view, not a copy: each insert is awaited before its buffer is used again.
      .values({
        file_id: fileId,
        seq,
        start,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      })
      .execute();
  if (document instanceof Uint8Array) {
    const { id } = await insertFile(document.length);
    for (let seq = 0, start = 0; start < document.length; seq++, start += CHUNK_BYTES)
      await insertChunk(id, seq, start, document.subarray(start, start + CHUNK_BYTES));
    return id;
  }
  // Read a chunk at a time into one buffer (not readFile: the file may be 80 MB).
  const handle = await open(document.path, 'r');
  try {
    const { size } = await handle.stat();
    const { id } = await insertFile(size);
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(size, 1)));
    for (let seq = 0, start = 0; start < size; seq++) {
      let got = 0;
      while (got < buffer.length && start + got < size) {
        const { bytesRead } = await handle.read(buffer, got, buffer.length - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      if (got === 0) throw new Error(`${document.path} ended before its ${size} bytes`);
      await insertChunk(id, seq, start, buffer.subarray(0, got));
      start += got;
    }
    return id;
  } finally {
    await handle.close();
  }
}

/**
 * A stored file's bytes as a source: the chunks a read needs are loaded when it first misses
 * them (`BytesMissing`); those loaded since the reader last settled stay (so a cut or a step of
 * the opening that needs more than CHUNKS_KEPT still ends), the others are dropped oldest first
 * beyond CHUNKS_KEPT.
 */
export class ChunkSource implements ByteSource {
  private readonly kept = new Map<number, Uint8Array>();
  private readonly pinned = new Set<number>();
  /** Chunks loaded from the database (for the tests). */
  loads = 0;

  constructor(
    /** The chunks numbered so, with their bytes (from the database: `storedFile`). */
    private readonly loadChunks: (
      seqs: readonly number[],
    ) => Promise<readonly { seq: number; bytes: Uint8Array }[]>,
    readonly size: number,
    /** Each chunk's offset, by seq. */
    private readonly starts: readonly number[],
    private readonly keep = CHUNKS_KEPT,
  ) {}

  private chunkAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  read(start: number, end: number): Uint8Array {
    end = Math.min(end, this.size);
    if (end <= start) return new Uint8Array(0);
    const first = this.chunkAt(start);
    const last = this.chunkAt(end - 1);
    const missing: number[] = [];
    for (let seq = first; seq <= last; seq++) if (!this.kept.has(seq)) missing.push(seq);
    if (missing.length) throw new BytesMissing(() => this.load(missing));
    for (let seq = first; seq <= last; seq++) {
      // Most recently used last.
      const bytes = this.kept.get(seq)!;
      this.kept.delete(seq);
      this.kept.set(seq, bytes);
    }
    if (first === last)
      return this.kept.get(first)!.subarray(start - this.starts[first], end - this.starts[first]);
    const out = new Uint8Array(end - start);
    for (let seq = first; seq <= last; seq++) {
      const chunk = this.kept.get(seq)!;
      const from = Math.max(start, this.starts[seq]);
      const to = Math.min(end, this.starts[seq] + chunk.length);
      out.set(chunk.subarray(from - this.starts[seq], to - this.starts[seq]), from - start);
    }
    return out;
  }

  async load(seqs: readonly number[]): Promise<void> {
    const rows = await this.loadChunks(seqs);
    if (rows.length !== seqs.length) throw new Error('the document of this mail was removed');
    for (const row of rows) {
      // A plain Uint8Array view: see bytesSource in lazyPdf.ts.
      const bytes = new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      this.kept.delete(row.seq);
      this.kept.set(row.seq, bytes);
      this.pinned.add(row.seq);
      this.loads++;
    }
    this.trim();
  }

  settle(): void {
    if (!this.pinned.size) return;
    this.pinned.clear();
    this.trim();
  }

  /** How many chunks are in memory now (for the tests). */
  get inMemory(): number {
    return this.kept.size;
  }

  private trim(): void {
    for (const seq of this.kept.keys()) {
      if (this.kept.size <= this.keep) return;
      if (!this.pinned.has(seq)) this.kept.delete(seq);
    }
  }
}

/** A stored document: its chunks read by range, or (stored before the chunks) its one blob. */
export async function storedFile(
  db: Kysely<Database>,
  fileId: number,
): Promise<PdfFile & { chunks?: ChunkSource }> {
  const row = await db
    .selectFrom('delivery_files')
    .select('size')
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!row) throw new Error('the document of this mail was removed (retention)');
  if (row.size === null) {
    const old = await db
      .selectFrom('delivery_files')
      .select('bytes')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    return inMemory(old.bytes);
  }
  const size = Number(row.size);
  const starts = (
    await db
      .selectFrom('delivery_file_chunks')
      .select('start')
      .where('file_id', '=', fileId)
      .orderBy('seq')
      .execute()
  ).map((r) => Number(r.start));
  const chunks = new ChunkSource(
    (seqs) =>
      db
        .selectFrom('delivery_file_chunks')
        .select(['seq', 'bytes'])
        .where('file_id', '=', fileId)
        .where('seq', 'in', [...seqs])
        .execute(),
    size,
    starts,
  );
  return {
    source: chunks,
    chunks,
    // pdf-lib's whole parse (a file the lazy reader refuses) and a .docx: the chunks joined,
    // read a few at a time.
    async whole() {
      const out = Buffer.allocUnsafe(size);
      for (let seq = 0; seq < starts.length; seq += CHUNKS_KEPT) {
        const rows = await db
          .selectFrom('delivery_file_chunks')
          .select(['start', 'bytes'])
          .where('file_id', '=', fileId)
          .where('seq', '>=', seq)
          .where('seq', '<', seq + CHUNKS_KEPT)
          .execute();
        for (const r of rows) out.set(r.bytes, Number(r.start));
      }
      return out;
    },
  };
}
