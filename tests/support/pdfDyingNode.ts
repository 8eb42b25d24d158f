// A node that receives a long document and dies mid-job (tests/api/pdfNodes.test.ts): run as its
// own process (node --import tsx), it writes a shared job's rows into the schema it is given,
// beats its heartbeat every 100 ms and never finishes a chunk; the test kills it with SIGKILL.
import { openDatabase } from '../../src/server/db/connection';
import { silentLogger } from '../../src/server/logger';
import { SharedChunks, type PdfPool } from '../../src/server/pdf';
import { cutDocx, type DocxChunk } from '../../src/server/pdf/chunks';
import { merged, rowsOf } from './sectionsDocx';

const { db, kind } = openDatabase({
  databaseUrl: process.env.DYING_NODE_DATABASE_URL,
  searchPath: process.env.DYING_NODE_SCHEMA,
});
// Its converter never answers: the chunks it takes stay claimed until it dies.
const pool = {
  node: 'dying-node',
  config: { workers: 1, timeoutMs: 60_000 },
  stats: { chunkConverted() {} },
  convert: () => new Promise(() => {}),
} as unknown as PdfPool;
const shared = new SharedChunks(db, kind, pool, silentLogger, 50, 50, {
  everyMs: 100,
  orphanAfterMs: 1_500,
});
const { chunks } = cutDocx(await merged(rowsOf(4)), 2) as { chunks: DocxChunk[] };
const ticket = { id: 1, user: 'dying' };
void shared.convert(ticket, chunks, new AbortController().signal, () => {});
