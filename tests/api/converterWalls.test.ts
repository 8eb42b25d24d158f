// The converter's walls with the real LibreOffice and bubblewrap, WITHOUT the sanitiser: documents
// go straight into the pool. An svgz picture that draws world-readable server files by file: URL
// reads nothing inside the walls (and does read them without, so the document is a real attack);
// from inside a conversion /tmp, DATA_DIR, the pool's directory and another conversion's files are
// not there, the process sees no other process, and each slot has its own uid.
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { silentLogger } from '../../src/server/logger';
import type { PdfPool } from '../../src/server/pdf';
import { setUpSlots } from '../../src/server/pdf/dirs';
import { runProcess } from '../../src/server/pdf/process';
import { slotUser, sofficeArgs, walledCommand } from '../../src/server/pdf/sandbox';
import { buildPackage, paragraph, png } from '../support/linkedDocx';
import { closePool, testPool } from '../support/pdfApp';
import { pdfImageSizes, pdfText } from '../support/pdfTools';
import { svgzDocument } from '../support/svgzDocx';

interface Secrets {
  dir: string;
  /** World-readable picture under /tmp (41×19). */
  tmpImage: string;
  /** A DATA_DIR as a default install makes it: 0755, a picture 0644 in it (43×23). */
  dataDir: string;
  dataImage: string;
}

async function worldReadableSecrets(): Promise<Secrets> {
  const dir = await mkdtemp(path.join(tmpdir(), 'di-walls-secrets-'));
  const dataDir = path.join(dir, 'data');
  await mkdir(dataDir);
  const tmpImage = path.join(dir, 'secret.png');
  const dataImage = path.join(dataDir, 'logo.png');
  await writeFile(tmpImage, png(41, 19, [0, 0, 0]));
  await writeFile(dataImage, png(43, 23, [0, 0, 0]));
  for (const d of [dir, dataDir]) await chmod(d, 0o755);
  for (const f of [tmpImage, dataImage]) await chmod(f, 0o644);
  return { dir, tmpImage, dataDir, dataImage };
}

async function convertRaw(pool: PdfPool, docx: Uint8Array): Promise<Buffer> {
  const result = await pool.withTicket('walls-test', (ticket) =>
    pool.convert(ticket, docx, new AbortController().signal),
  );
  try {
    return await readFile(result.file);
  } finally {
    await result.dispose();
  }
}

let secrets: Secrets;
beforeAll(async () => {
  secrets = await worldReadableSecrets();
});
afterAll(() => rm(secrets.dir, { recursive: true, force: true }));

describe('an svgz picture pointing at server files, unsanitised, straight into the pool', () => {
  test('inside the walls LibreOffice reads neither the /tmp file nor the DATA_DIR file', async () => {
    const pool = await testPool();
    try {
      const pdf = await convertRaw(
        pool,
        svgzDocument([secrets.tmpImage, secrets.dataImage], 'Walled invoice'),
      );
      expect(await pdfText(pdf)).toContain('Walled invoice');
      const sizes = await pdfImageSizes(pdf);
      expect(sizes).not.toContain('41x19');
      expect(sizes).not.toContain('43x23');
    } finally {
      await closePool(pool);
    }
  });

  test('without the walls (PDF_SANDBOX=off) the same document does read them: the attack is real', async () => {
    const pool = await testPool({ sandbox: 'off' });
    try {
      const pdf = await convertRaw(
        pool,
        svgzDocument([secrets.tmpImage, secrets.dataImage], 'Unwalled invoice'),
      );
      expect(await pdfText(pdf)).toContain('Unwalled invoice');
      expect(await pdfImageSizes(pdf)).toEqual(expect.arrayContaining(['41x19', '43x23']));
    } finally {
      await closePool(pool);
    }
  });
});

describe('what a conversion sees from inside its walls', () => {
  const config = { workers: 2 };
  let pool: PdfPool;
  let base: string;
  let probeOut: string;

  beforeAll(async () => {
    pool = await testPool(config);
    const { sandbox, homes, base: b } = await setUpSlots(pool.config, silentLogger);
    base = b;
    // Another conversion's job in slot 0, with a file in it.
    const otherJob = path.join(base, 'jobs', 'job-other');
    await mkdir(otherJob, { mode: 0o700 });
    await writeFile(path.join(otherJob, 'document.docx'), 'another customer’s invoice');
    // This conversion's job in slot 1: a real document and, in the same command line, a probe.
    const job = path.join(base, 'jobs', 'job-probe');
    await mkdir(job, { mode: 0o700 });
    const input = path.join(job, 'document.docx');
    await writeFile(input, buildPackage({ body: paragraph('Converted beside the probe') }));
    const user = slotUser(sandbox, pool.config, 1);
    if (user) for (const f of [job, input]) await chown(f, user.uid, user.gid);
    const paths = [
      secrets.tmpImage,
      secrets.dir,
      secrets.dataDir,
      base,
      otherJob,
      '/home',
      '/root',
      '/work',
    ];
    const script = [
      'out=/job/probe.txt',
      `for p in ${paths.map((p) => `'${p}'`).join(' ')}; do if [ -e "$p" ]; then echo "SEEN $p"; fi; done > $out`,
      'echo "UID $(id -u)" >> $out',
      'for p in /proc/[0-9]*; do echo "PROC $(cat $p/comm)"; done >> $out',
      'find / -path /proc -prune -o -path /usr -prune -o -path /dev -prune -o -print | sed "s/^/PATH /" >> $out',
      'exec "$@"',
    ].join('\n');
    const home = homes[1];
    const command = walledCommand(
      sandbox,
      pool.config,
      1,
      { home, profile: path.join(home, 'profile'), job, input },
      (seen) => ['sh', '-c', script, 'probe', ...sofficeArgs(pool.config, seen)],
    );
    const run = await runProcess({ ...command, cwd: job }, 120_000, new AbortController().signal);
    expect(run.outcome).toBe('finished');
    expect(await pdfText(await readFile(path.join(job, 'document.pdf')))).toContain(
      'Converted beside the probe',
    );
    probeOut = await readFile(path.join(job, 'probe.txt'), 'utf8');
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
    await closePool(pool);
  });

  test('/tmp, DATA_DIR, the pool’s directory and another conversion’s files are not there', () => {
    expect(probeOut).not.toMatch(/^SEEN /m);
  });

  test('the whole filesystem it sees is /usr, fonts and LibreOffice’s /etc, its job and its slot', () => {
    const seen = [...probeOut.matchAll(/^PATH (.*)$/gm)].map((m) => m[1]);
    const allowed = [
      /^\/$/,
      /^\/(bin|lib|lib64|sbin|usr|proc|dev)$/,
      /^\/etc$/,
      /^\/etc\/(fonts|libreoffice)(\/|$)/,
      /^\/etc\/(ld\.so\.cache|localtime)$/,
      /^\/var(\/cache(\/fontconfig(\/.*)?)?)?$/,
      /^\/tmp(\/.*)?$/, // a tmpfs of its own, empty at the start
      /^\/job(\/.*)?$/,
      /^\/slot(\/.*)?$/,
    ];
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((p) => !allowed.some((rule) => rule.test(p)))).toEqual([]);
    expect(seen).toContain('/job/document.docx');
    expect(seen.some((p) => p.startsWith('/tmp/') && p.includes('secret'))).toBe(false);
  });

  test('it sees no other process, and runs as its slot’s own uid', () => {
    const processes = [...probeOut.matchAll(/^PROC (.*)$/gm)].map((m) => m[1]);
    // bwrap's init, the probe's shell and what it runs now; never the server (node) or another slot.
    expect(processes.length).toBeGreaterThan(0);
    expect(processes.filter((name) => !['bwrap', 'sh', 'cat'].includes(name))).toEqual([]);
    const uid = Number(/^UID (\d+)$/m.exec(probeOut)?.[1]);
    if (process.getuid?.() === 0) expect(uid).toBe(pool.config.uidBase + 1);
    else expect(uid).toBe(process.getuid?.());
  });
});
