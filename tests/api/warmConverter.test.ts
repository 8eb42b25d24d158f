// Warm converters (PDF_WARM=on) with the real LibreOffice: one process per slot converts document
// after document inside the same walls, is replaced after a crash, and still reads nothing of the
// server's through an svgz picture. Documents go straight into the pool (no sanitiser). Also which
// malloc LibreOffice runs on, warm or one per document (PDF_ALLOCATOR).
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PdfConversionError, type PdfPool } from '../../src/server/pdf';
import { JEMALLOC_PATHS } from '../../src/server/pdf/config';
import { buildPackage, pageBreak, paragraph, png } from '../support/linkedDocx';
import { closePool, testPool, until } from '../support/pdfApp';
import { pdfImageSizes, pdfText } from '../support/pdfTools';
import { svgzDocument } from '../support/svgzDocx';

async function convert(pool: PdfPool, docx: Uint8Array, signal = new AbortController().signal) {
  const result = await pool.withTicket('warm-test', (ticket) => pool.convert(ticket, docx, signal));
  try {
    return await readFile(result.file);
  } finally {
    await result.dispose();
  }
}

describe('a warm converter', () => {
  let pool: PdfPool;
  let secretDir: string;
  beforeAll(async () => {
    pool = await testPool({ workers: 1, warm: true });
    secretDir = await mkdtemp(path.join(tmpdir(), 'di-warm-secret-'));
    await chmod(secretDir, 0o755);
  });
  afterAll(async () => {
    await closePool(pool);
    await rm(secretDir, { recursive: true, force: true });
  });

  test('converts document after document in the same LibreOffice', async () => {
    for (const text of ['First warm invoice', 'Second warm invoice', 'Third warm invoice'])
      expect(await pdfText(await convert(pool, buildPackage({ body: paragraph(text) })))).toContain(
        text,
      );
    expect(pool.snapshot().restarts).toBe(0);
    expect(pool.snapshot().conversions.ok).toBe(3);
  });

  test('an svgz picture pointing at a world-readable /tmp file reads nothing', async () => {
    const secret = path.join(secretDir, 'secret.png');
    await writeFile(secret, png(41, 19, [0, 0, 0]), { mode: 0o644 });
    const pdf = await convert(pool, svgzDocument([secret], 'Warm and walled'));
    expect(await pdfText(pdf)).toContain('Warm and walled');
    expect(await pdfImageSizes(pdf)).not.toContain('41x19');
  });

  test('a document it cannot open fails with 422’s outcome, and the next converts', async () => {
    const broken = buildPackage({ body: paragraph('x') }).subarray(0, 200);
    await expect(convert(pool, broken)).rejects.toMatchObject({ outcome: 'failed' });
    expect(
      await pdfText(await convert(pool, buildPackage({ body: paragraph('After') }))),
    ).toContain('After');
  });

  test('killed mid-document: crashed, the slot made anew, the next document converts', async () => {
    const long = buildPackage({
      body: Array.from({ length: 3000 }, (_, i) => paragraph(`Page ${i}`) + pageBreak).join(''),
    });
    const answer = convert(pool, long).catch((error: unknown) => error);
    await until(() => pool.runningPids().length === 1);
    process.kill(-pool.runningPids()[0], 'SIGKILL');
    const error = await answer;
    expect(error).toBeInstanceOf(PdfConversionError);
    expect((error as PdfConversionError).outcome).toBe('crashed');
    const restarts = pool.snapshot().restarts;
    expect(restarts).toBeGreaterThanOrEqual(1);
    expect(
      await pdfText(await convert(pool, buildPackage({ body: paragraph('Back again') }))),
    ).toContain('Back again');
  });

  test('a cancelled conversion is stopped', async () => {
    const controller = new AbortController();
    const long = buildPackage({
      body: Array.from({ length: 3000 }, (_, i) => paragraph(`Page ${i}`) + pageBreak).join(''),
    });
    const answer = convert(pool, long, controller.signal).catch((error: unknown) => error);
    await until(() => pool.runningPids().length === 1);
    controller.abort();
    expect(await answer).toMatchObject({ outcome: 'aborted' });
    expect(
      await pdfText(await convert(pool, buildPackage({ body: paragraph('After cancel') }))),
    ).toContain('After cancel');
  });
});

test('started at the server’s start (prepare), the converter takes the first document', async () => {
  const pool = await testPool({ workers: 2, warm: true });
  try {
    await pool.prepare();
    const pdfs = await Promise.all(
      ['Left slot', 'Right slot'].map((text) =>
        convert(pool, buildPackage({ body: paragraph(text) })),
      ),
    );
    expect(await pdfText(pdfs[0])).toContain('Left slot');
    expect(await pdfText(pdfs[1])).toContain('Right slot');
    expect(pool.snapshot().restarts).toBe(0);
  } finally {
    await closePool(pool);
  }
});

describe('warm converters without the walls (PDF_SANDBOX=off)', () => {
  // The slots share the host's /tmp there: each converter's pipe must be its own, or one slot's
  // driver reaches another slot's LibreOffice (a conversion failed or hung, issue 35's bench).
  test('two slots and a second pool convert side by side, each document its own text', async () => {
    const pools = [
      await testPool({ workers: 2, warm: true, sandbox: 'off' }),
      await testPool({ workers: 1, warm: true, sandbox: 'off' }),
    ];
    try {
      const jobs = [
        { pool: pools[0], text: 'Slot invoice A' },
        { pool: pools[0], text: 'Slot invoice B' },
        { pool: pools[1], text: 'Slot invoice C' },
      ];
      // Each its own ticket (a user's place), all at once: every slot busy together.
      const results = await Promise.allSettled(
        jobs.map(({ pool, text }, i) =>
          pool.withTicket(`side-by-side-${i}`, async (ticket) => {
            const result = await pool.convert(
              ticket,
              buildPackage({ body: paragraph(text) }),
              new AbortController().signal,
            );
            try {
              return await pdfText(await readFile(result.file));
            } finally {
              await result.dispose();
            }
          }),
        ),
      );
      results.forEach((result, i) => {
        expect(result.status).toBe('fulfilled');
        const read = (result as PromiseFulfilledResult<string>).value;
        expect(read).toContain(jobs[i].text);
        for (const other of jobs.filter((_, k) => k !== i)) expect(read).not.toContain(other.text);
      });
    } finally {
      for (const pool of pools) await closePool(pool);
    }
  });
});

/** The shared libraries mapped by every soffice.bin below `root` (a slot's converter). */
async function sofficeLibraries(root: number, one = true): Promise<string[]> {
  const parents = new Map<number, { ppid: number; comm: string }>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    parents.set(Number(name), {
      ppid: Number(stat.slice(close + 2).split(' ')[1]),
      comm: stat.slice(stat.indexOf('(') + 1, close),
    });
  }
  const below = [root];
  const libraries: string[] = [];
  let soffices = 0;
  for (let i = 0; i < below.length; i++)
    for (const [pid, p] of parents) {
      if (p.ppid !== below[i]) continue;
      below.push(pid);
      if (p.comm !== 'soffice.bin') continue;
      soffices++;
      const maps = await readFile(`/proc/${pid}/maps`, 'utf8').catch(() => '');
      libraries.push(...maps.split('\n').map((line) => line.split(/\s+/)[5] ?? ''));
    }
  if (one) expect(soffices).toBe(1);
  return libraries.filter((file) => file.endsWith('.so') || /\.so\.\d/.test(file));
}

describe('LibreOffice’s allocator (PDF_ALLOCATOR, docs/pdf-chunks.md "The allocator")', () => {
  // jemalloc (Debian: libjemalloc2, installed by .ci/run) takes about a fifth of LibreOffice's CPU
  // a page off; the PDF is the same.
  const jemalloc = JEMALLOC_PATHS.find((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });

  test('a warm converter’s LibreOffice runs on jemalloc, and the PDF reads as before', async () => {
    expect(jemalloc, 'libjemalloc2 is installed (.ci/run)').toBeDefined();
    const pool = await testPool({ workers: 1, warm: true });
    try {
      expect(pool.config.preload).toBe(jemalloc);
      const pdf = await convert(pool, buildPackage({ body: paragraph('On jemalloc') }));
      expect(await pdfText(pdf)).toContain('On jemalloc');
      const libraries = await sofficeLibraries(pool.converterPids()[0]!);
      expect(libraries).toContain(jemalloc);
    } finally {
      await closePool(pool);
    }
  });

  test('one LibreOffice per document (PDF_WARM=off) runs on jemalloc too', async () => {
    const pool = await testPool({ workers: 1, warm: false });
    try {
      expect(pool.config.preload).toBe(jemalloc);
      expect(
        await pdfText(await convert(pool, buildPackage({ body: paragraph('Cold on jemalloc') }))),
      ).toContain('Cold on jemalloc');
      // A long document, looked at while LibreOffice converts it, then cancelled.
      const controller = new AbortController();
      const long = buildPackage({
        body: Array.from({ length: 3000 }, (_, i) => paragraph(`Page ${i}`) + pageBreak).join(''),
      });
      const answer = convert(pool, long, controller.signal).catch((error: unknown) => error);
      let libraries: string[] = [];
      await until(async () => {
        const [pid] = pool.runningPids();
        libraries = pid === undefined ? [] : await sofficeLibraries(pid, false);
        // Once the loader has mapped libc, the preloaded library is there too if it ever will be.
        return libraries.some((file) => /\/libc\.so/.test(file));
      });
      controller.abort();
      expect(await answer).toMatchObject({ outcome: 'aborted' });
      expect(libraries).toContain(jemalloc);
    } finally {
      await closePool(pool);
    }
  });

  test('PDF_ALLOCATOR=system leaves LibreOffice on the system’s malloc', async () => {
    const pool = await testPool({ workers: 1, warm: true, preload: undefined });
    try {
      const pdf = await convert(pool, buildPackage({ body: paragraph('On glibc') }));
      expect(await pdfText(pdf)).toContain('On glibc');
      const libraries = await sofficeLibraries(pool.converterPids()[0]!);
      expect(libraries.some((file) => file.includes('libc.so'))).toBe(true);
      expect(libraries.filter((file) => file.includes('jemalloc'))).toEqual([]);
    } finally {
      await closePool(pool);
    }
  });
});
