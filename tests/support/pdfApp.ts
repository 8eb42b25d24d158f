// The PDF endpoint's tests: a real LibreOffice pool in a temporary directory of its own, a
// listener that records every request made to it, and server files no conversion may read.
import { createServer, type Server } from 'node:http';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/schema';
import { loadPdfConfig, PdfPool, type PdfConfig, type SharedChunks } from '../../src/server/pdf';
import { silentLogger } from '../../src/server/logger';
import { png } from './linkedDocx';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A pool of real LibreOffice slots, its directories under a temporary folder of the test's own. */
export async function testPool(overrides: Partial<PdfConfig> = {}): Promise<PdfPool> {
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'di-pdf-pool-'));
  await chmod(tmpDir, 0o755); // the sandbox user must reach its directories inside
  const config = {
    ...loadPdfConfig({ PATH: process.env.PATH }),
    workers: 1,
    queue: 2,
    tmpDir,
    ...overrides,
  };
  if (!config.enabled) throw new Error('LibreOffice (soffice) is needed for the PDF tests');
  return new PdfPool(config, silentLogger);
}

/** Every file left under the pool's temporary folder (its slots' profiles excepted). */
export async function leftoverJobFiles(pool: PdfPool): Promise<string[]> {
  const root = pool.config.tmpDir;
  const found: string[] = [];
  for (const base of await readdir(root).catch(() => [] as string[])) {
    const jobs = path.join(root, base, 'jobs');
    for (const job of await readdir(jobs).catch(() => [] as string[]))
      found.push(path.join(jobs, job));
  }
  return found;
}

export async function closePool(pool: PdfPool): Promise<void> {
  await pool.close();
  await rm(pool.config.tmpDir, { recursive: true, force: true });
}

export interface Listener {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that answers every request with a picture and records its path. */
export async function listener(): Promise<Listener> {
  const requests: string[] = [];
  const picture = png(47, 21, [250, 0, 250]);
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Files of the server that a document names: a picture and a text, readable only by the server's user. */
export async function serverFiles(): Promise<{ dir: string; image: string; text: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'di-server-files-'));
  const image = path.join(dir, 'server-secret.png');
  const text = path.join(dir, 'server-secret.txt');
  await writeFile(image, png(41, 19, [0, 0, 0]), { mode: 0o600 });
  await writeFile(text, 'SERVER SECRET TEXT', { mode: 0o600 });
  return { dir, image, text };
}

export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether the process group `pid` still has a process (a converter the test watches end). */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** An app of one node converting with `pool` (and, on PostgreSQL, sharing chunks through `shared`). */
export function pdfNodeApp(
  db: Kysely<Database>,
  config: Config,
  pool: PdfPool,
  shared: SharedChunks | null,
) {
  return createApp({
    db,
    config,
    mailer: { send: async () => {} },
    logger: silentLogger,
    distDir: null,
    pdf: pool,
    pdfChunks: shared,
  });
}
