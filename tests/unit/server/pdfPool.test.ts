// The pool's places and its walls' failure, without LibreOffice: tickets are taken and given back
// by withTicket however the work ends, one user holds at most PDF_USER_CONCURRENCY, and a pool
// whose walls cannot be raised converts nothing and says why.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Logger } from '../../../src/server/logger';
import {
  loadPdfConfig,
  PdfBusyError,
  PdfPool,
  SandboxUnavailableError,
  type PdfConfig,
} from '../../../src/server/pdf';
import { conversionCommand, walledCommand } from '../../../src/server/pdf/sandbox';
import { allocator } from '../../../src/server/pdf/config';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function recordingLogger(lines: string[]): Logger {
  const keep = (message: string) => void lines.push(message);
  return { error: keep, warn: keep, info: keep, debug() {} };
}

async function pool(overrides: Partial<PdfConfig> = {}, log: string[] = []) {
  const tmpDir = await mkdtemp(path.join(tmpdir(), 'di-pool-unit-'));
  dirs.push(tmpDir);
  const config: PdfConfig = {
    ...loadPdfConfig({ PATH: process.env.PATH }),
    enabled: true,
    soffice: '/nonexistent/soffice',
    workers: 1,
    queue: 2,
    userConcurrency: 2,
    tmpDir,
    ...overrides,
  };
  return new PdfPool(config, recordingLogger(log));
}

/** Work that holds its ticket until `release()` is called. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

function refusal(run: () => Promise<unknown>): Promise<PdfBusyError> {
  return run().then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(PdfBusyError);
      return error as PdfBusyError;
    },
  );
}

describe('withTicket', () => {
  test('one user holds at most PDF_USER_CONCURRENCY places; another user still gets in', async () => {
    const p = await pool({ userConcurrency: 2, queue: 5 });
    const a1 = held();
    const a2 = held();
    const first = p.withTicket('alice', () => a1.done);
    const second = p.withTicket('alice', () => a2.done);
    const third = await refusal(() => p.withTicket('alice', async () => 'never'));
    expect(third.reason).toBe('user');
    expect(third.limit).toBe(2);
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await expect(p.withTicket('bob', async () => 'bob converts')).resolves.toBe('bob converts');
    a1.release();
    await first;
    await expect(p.withTicket('alice', async () => 'again')).resolves.toBe('again');
    a2.release();
    await second;
  });

  test('the whole line full refuses everyone, naming the pool', async () => {
    const p = await pool({ workers: 1, queue: 1, userConcurrency: 5 });
    const works = [held(), held()];
    const running = works.map((w, i) => p.withTicket(`user-${i}`, () => w.done));
    const refused = await refusal(() => p.withTicket('carol', async () => 'never'));
    expect(refused.reason).toBe('pool');
    for (const w of works) w.release();
    await Promise.all(running);
    await expect(p.withTicket('carol', async () => 'now')).resolves.toBe('now');
  });

  test('a place is given back when the work throws, and the error goes through unchanged', async () => {
    const p = await pool({ userConcurrency: 1 });
    const boom = new Error('the body was refused');
    await expect(
      p.withTicket('dave', async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    await expect(p.withTicket('dave', async () => 'next')).resolves.toBe('next');
  });
});

describe('when the walls cannot be raised', () => {
  test('without bubblewrap, conversion is off and the log and reason say why', async () => {
    const log: string[] = [];
    const p = await pool({ bwrap: undefined }, log);
    expect(p.enabled).toBe(true);
    await p.prepare();
    expect(p.enabled).toBe(false);
    expect(p.unavailableReason).toMatch(/bubblewrap \(bwrap\) is not installed/);
    expect(log.join('\n')).toMatch(/PDF conversion off: bubblewrap \(bwrap\) is not installed/);
    await expect(
      p.withTicket('erin', (t) => p.convert(t, new Uint8Array(), new AbortController().signal)),
    ).rejects.toBeInstanceOf(SandboxUnavailableError);
    // Nothing is left where the slots would have been.
    expect(await readdir(p.config.tmpDir)).toEqual([]);
  });

  test('a bubblewrap that cannot make its namespaces turns conversion off too', async () => {
    const p = await pool({ bwrap: '/bin/false' });
    await p.prepare();
    expect(p.enabled).toBe(false);
    expect(p.unavailableReason).toMatch(/the walls around LibreOffice cannot be raised here/);
    expect(p.unavailableReason).toMatch(/PDF_SANDBOX=off/);
  });
});

/** A slot's walls and one job's paths, for the command-line tests. */
const sandbox = { bwrap: '/usr/bin/bwrap', slotUsers: true, limits: true };
const paths = {
  home: '/pool/slot-1',
  profile: '/pool/slot-1/profile',
  job: '/pool/jobs/job-x',
  input: '/pool/jobs/job-x/document.docx',
};

describe('the command lines inside the walls', () => {
  const config = { ...loadPdfConfig({ PATH: process.env.PATH }), timeoutMs: 60_000 };

  test('a conversion runs as its slot’s uid, in every namespace, seeing its job as /job', () => {
    const { command, args, env } = conversionCommand(sandbox, config, 1, paths);
    const line = [command, ...args];
    expect(line.slice(0, 3)).toEqual([
      'setpriv',
      `--reuid=${config.uidBase + 1}`,
      `--regid=${config.uidBase + 1}`,
    ]);
    for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-net', '--die-with-parent'])
      expect(line).toContain(flag);
    expect(line.join(' ')).toContain('--bind /pool/jobs/job-x /job --chdir /job');
    expect(line.join(' ')).not.toMatch(/--(ro-)?bind \/tmp /);
    expect(line).toContain('--cpu=70');
    expect(line.at(-1)).toBe('/job/document.docx');
    expect(env).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/slot',
      LANG: expect.any(String),
      TMPDIR: '/job',
    });
  });

  test('a warm converter has no CPU-time limit (it would count every document), the rest alike', () => {
    const { args } = walledCommand(sandbox, config, 1, paths, () => ['true'], 'documents');
    expect(args.some((a) => a.startsWith('--cpu='))).toBe(false);
    expect(args).toContain(`--as=${config.memoryBytes}`);
    expect(args).toContain('--unshare-net');
  });
});

describe('LibreOffice’s allocator (PDF_ALLOCATOR)', () => {
  const config = {
    ...loadPdfConfig({ PATH: process.env.PATH }),
    timeoutMs: 60_000,
    preload: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  };

  test('jemalloc is preloaded into LibreOffice alone, not into the walls’ own tools', () => {
    const { command, args, env } = conversionCommand(sandbox, config, 1, paths);
    const line = [command, ...args];
    const at = line.indexOf(config.soffice);
    expect(line.slice(at - 2, at)).toEqual(['env', `LD_PRELOAD=${config.preload}`]);
    expect(env).not.toHaveProperty('LD_PRELOAD');
    // Without it, LibreOffice's command starts right after prlimit's.
    const plain = conversionCommand(sandbox, { ...config, preload: undefined }, 1, paths);
    expect(plain.args[plain.args.indexOf(config.soffice) - 1]).toBe('--');
  });

  test('auto takes jemalloc when it is installed, and nothing when it is not', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'di-alloc-'));
    dirs.push(dir);
    const lib = path.join(dir, 'libjemalloc.so.2');
    await writeFile(lib, '');
    const missing = path.join(dir, 'missing.so');
    expect(allocator(undefined, [missing, lib])).toBe(lib);
    expect(allocator('auto', [missing, lib])).toBe(lib);
    expect(allocator('jemalloc', [lib])).toBe(lib);
    expect(allocator('system', [lib])).toBeUndefined();
    expect(allocator(undefined, [missing])).toBeUndefined();
    expect(() => allocator('jemalloc', [missing])).toThrow(/libjemalloc.so.2 is not installed/);
    expect(() => allocator('tcmalloc', [lib])).toThrow(/PDF_ALLOCATOR must be auto/);
  });
});
