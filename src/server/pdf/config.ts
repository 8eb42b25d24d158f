import { accessSync, constants } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

/**
 * PDF conversion settings (README "PDF conversion"):
 *
 * | Variable          | Default                         | Meaning |
 * |-------------------|---------------------------------|---------|
 * | PDF_CONVERSION    | on when `soffice` is on PATH    | `off` disables POST /api/v1/documents/pdf and hides the PDF choices. |
 * | PDF_WORKERS       | number of cores                 | Conversions at once (one LibreOffice profile each). |
 * | PDF_QUEUE         | 4 × PDF_WORKERS                 | Conversions that may wait for a worker; beyond it → 503 with Retry-After. |
 * | PDF_TIMEOUT       | 5m                              | Longest conversion of one document (s, m, h suffix or seconds). |
 * | PDF_MAX_BYTES     | 64 MiB                          | Largest .docx accepted (request body). |
 * | PDF_USER_CONCURRENCY | 2                            | Conversions one user may have in the pool and its line at once. |
 * | PDF_CHUNK_SECTIONS | 100                          | A merged document of more sections is converted in chunks of this many, on all slots at once. |
 * | PDF_WARM          | on                              | One LibreOffice per slot kept running, driven over UNO; `off`: one per document. |
 * | PDF_SANDBOX       | on                              | `off` runs LibreOffice without its walls (docs/converter-walls.md). |
 * | PDF_UID_BASE      | 61000                           | As root, slot N runs as uid/gid PDF_UID_BASE + N (no account needed). |
 * | PDF_TMP_DIR       | the system temp directory       | Where each conversion's own directory is made (and removed). |
 * | PDF_ALLOCATOR     | jemalloc when installed          | `system`: LibreOffice keeps glibc's malloc (docs/pdf-chunks.md, "The allocator"). |
 */
export interface PdfConfig {
  enabled: boolean;
  /** Why not, when disabled (logged once at start). */
  disabledReason?: string;
  soffice: string;
  workers: number;
  queue: number;
  timeoutMs: number;
  maxBytes: number;
  /** A slot's profile is made anew after this many documents (LibreOffice leaks over long runs). */
  restartAfter: number;
  /** Conversions one user may have running or waiting at once. */
  userConcurrency: number;
  /** bubblewrap on PATH, which walls each run in; undefined when not installed. */
  bwrap: string | undefined;
  /** Sections per chunk of a long merged document (docs/pdf-chunks.md). */
  chunkSections: number;
  /** One LibreOffice kept running per slot, driven over UNO, instead of one per document. */
  warm: boolean;
  /** 'off' only when asked for: LibreOffice then runs without walls. */
  sandbox: 'on' | 'off';
  /** First of the uids the slots run as when the server is root. */
  uidBase: number;
  tmpDir: string;
  /** Address-space limit of one LibreOffice process. */
  memoryBytes: number;
  /**
   * jemalloc's library, preloaded into LibreOffice (about a fifth less CPU a page than glibc's
   * malloc, docs/pdf-chunks.md "The allocator"); undefined: the system's malloc.
   */
  preload: string | undefined;
}

type Env = Record<string, string | undefined>;

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of at least 1 (got "${value}")`);
  return n;
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };
function duration(value: string | undefined, name: string, fallbackMs: number): number {
  if (value === undefined || value.trim() === '') return fallbackMs;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|[smh]?)\s*$/i.exec(value);
  const ms = match
    ? Number(match[1]) *
      (match[2].toLowerCase() === 'ms' ? 1 : UNIT_MS[(match[2] || 's').toLowerCase()])
    : NaN;
  if (!(ms > 0))
    throw new Error(`${name} must look like 90s, 5m or a number of seconds (got "${value}")`);
  return ms;
}

function sandboxSwitch(value: string | undefined): 'on' | 'off' {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'on') return 'on';
  if (v === 'off') return 'off';
  throw new Error(`PDF_SANDBOX must be on or off (got "${value}")`);
}

/**
 * Where Debian-like and Fedora-like systems put jemalloc (package libjemalloc2 / jemalloc). Only
 * under /usr: that is what the walls show LibreOffice (./sandbox.ts).
 */
export const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
];

/** PDF_ALLOCATOR: `auto` (default) jemalloc when installed, `jemalloc` required, `system` never. */
export function allocator(
  value: string | undefined,
  candidates: string[] = JEMALLOC_PATHS,
): string | undefined {
  const v = value?.trim().toLowerCase() || 'auto';
  if (v === 'system') return undefined;
  if (v !== 'auto' && v !== 'jemalloc')
    throw new Error(`PDF_ALLOCATOR must be auto, jemalloc or system (got "${value}")`);
  const found = candidates.find((file) => {
    try {
      accessSync(file, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found && v === 'jemalloc')
    throw new Error(
      `PDF_ALLOCATOR=jemalloc but libjemalloc.so.2 is not installed (looked in ${candidates.join(', ')})`,
    );
  return found;
}

/** The first executable `name` on PATH, or undefined. */
export function findOnPath(
  name: string,
  pathVariable = process.env.PATH ?? '',
): string | undefined {
  for (const dir of pathVariable.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function loadPdfConfig(env: Env = process.env): PdfConfig {
  const switchedOff = /^(0|off|false|no)$/i.test(env.PDF_CONVERSION?.trim() ?? '');
  const soffice = findOnPath('soffice', env.PATH ?? '');
  const workers = positiveInteger(env.PDF_WORKERS, 'PDF_WORKERS', availableParallelism());
  return {
    enabled: !switchedOff && soffice !== undefined,
    ...(switchedOff
      ? { disabledReason: 'PDF_CONVERSION=off' }
      : soffice === undefined
        ? { disabledReason: 'soffice (LibreOffice) is not on PATH' }
        : {}),
    soffice: soffice ?? 'soffice',
    workers,
    queue: positiveInteger(env.PDF_QUEUE, 'PDF_QUEUE', 4 * workers),
    timeoutMs: duration(env.PDF_TIMEOUT, 'PDF_TIMEOUT', 300_000),
    maxBytes: positiveInteger(env.PDF_MAX_BYTES, 'PDF_MAX_BYTES', 64 * 1024 * 1024),
    restartAfter: 200,
    userConcurrency: positiveInteger(env.PDF_USER_CONCURRENCY, 'PDF_USER_CONCURRENCY', 2),
    chunkSections: positiveInteger(env.PDF_CHUNK_SECTIONS, 'PDF_CHUNK_SECTIONS', 100),
    bwrap: findOnPath('bwrap', env.PATH ?? ''),
    warm: !/^(0|off|false|no)$/i.test(env.PDF_WARM?.trim() ?? ''),
    sandbox: sandboxSwitch(env.PDF_SANDBOX),
    uidBase: positiveInteger(env.PDF_UID_BASE, 'PDF_UID_BASE', 61_000),
    tmpDir: path.resolve(env.PDF_TMP_DIR || tmpdir()),
    memoryBytes: 4 * 1024 ** 3,
    preload: allocator(env.PDF_ALLOCATOR),
  };
}
