// The converter's walls (docs/converter-walls.md): each LibreOffice run sees a filesystem of its
// own (read-only /usr, fonts, its job directory and its slot's profile), no network, no other
// process, and as root a uid of its slot's own. Found once by raising them; when they cannot be
// raised conversion is off, unless PDF_SANDBOX=off asks for it without walls.
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Logger } from '../logger';
import type { PdfConfig } from './config';

const run = promisify(execFile);

export interface Sandbox {
  /** bubblewrap's path when each run is walled in; undefined with PDF_SANDBOX=off. */
  bwrap?: string;
  /** Host uid/gid of each slot when the server is root (PDF_UID_BASE + slot). */
  slotUsers: boolean;
  /** prlimit sets CPU, memory and file-size limits. */
  limits: boolean;
  /** Warm converters asked for (PDF_WARM) and Python's UNO bridge found inside the walls. */
  warm?: boolean;
}

/** The walls could not be raised: conversion is off, and this says why. */
export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
}

export interface ConversionPaths {
  /** The slot's HOME, holding its profile. */
  home: string;
  profile: string;
  /** The conversion's own empty directory: input, output, TMPDIR. */
  job: string;
  input: string;
}

/** Where the slot's and the job's directories appear inside the walls. */
const INSIDE = { home: '/slot', profile: '/slot/profile', job: '/job' } as const;
/** The only files of /etc a conversion sees: fonts, LibreOffice's own settings, the loader cache. */
const ETC = ['/etc/fonts', '/etc/libreoffice', '/etc/ld.so.cache', '/etc/localtime'];
/** The private /tmp LibreOffice needs for its pipe (a tmpfs of its own, gone with the run). */
const TMPFS_BYTES = 64 * 1024 * 1024;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** uid and gid of a slot's runs when the server is root; undefined otherwise (the server's own). */
export function slotUser(
  sandbox: Sandbox,
  config: PdfConfig,
  slot: number,
): { uid: number; gid: number } | undefined {
  if (!sandbox.slotUsers) return undefined;
  const id = config.uidBase + slot;
  return { uid: id, gid: id };
}

const dropPrivileges = (user: { uid: number; gid: number }) => [
  'setpriv',
  `--reuid=${user.uid}`,
  `--regid=${user.gid}`,
  '--clear-groups',
  '--no-new-privs',
  '--',
];

function bwrapArgs(bwrap: string, paths: ConversionPaths): string[] {
  return [
    bwrap,
    '--unshare-user',
    '--unshare-pid',
    '--unshare-net',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--die-with-parent',
    '--ro-bind',
    '/usr',
    '/usr',
    ...['lib', 'lib64', 'bin', 'sbin'].flatMap((d) => ['--symlink', `usr/${d}`, `/${d}`]),
    ...ETC.flatMap((p) => ['--ro-bind-try', p, p]),
    '--ro-bind-try',
    '/var/cache/fontconfig',
    '/var/cache/fontconfig',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(TMPFS_BYTES),
    '--tmpfs',
    '/tmp',
    '--bind',
    paths.home,
    INSIDE.home,
    '--bind',
    paths.job,
    INSIDE.job,
    '--chdir',
    INSIDE.job,
    '--',
  ];
}

/**
 * `inner` run inside the walls of one slot: the job's and slot's directories at /job and /slot
 * when walled in, at their own paths with PDF_SANDBOX=off. `inner` receives the paths it sees.
 * `lifetime: 'documents'` (a warm converter) drops the CPU-time limit, which would count every
 * document it ever converts; each document's PDF_TIMEOUT still kills it.
 */
export function walledCommand(
  sandbox: Sandbox,
  config: PdfConfig,
  slot: number,
  paths: ConversionPaths,
  inner: (seen: ConversionPaths) => string[],
  lifetime: 'document' | 'documents' = 'document',
): { command: string; args: string[]; env: Record<string, string> } {
  const seen: ConversionPaths = sandbox.bwrap
    ? { ...INSIDE, input: `${INSIDE.job}/${paths.input.slice(paths.job.length + 1)}` }
    : paths;
  const user = slotUser(sandbox, config, slot);
  const cpuSeconds = Math.ceil(config.timeoutMs / 1000) + 10;
  const [command, ...args] = [
    ...(user ? dropPrivileges(user) : []),
    ...(sandbox.bwrap ? bwrapArgs(sandbox.bwrap, paths) : []),
    ...(sandbox.limits
      ? [
          'prlimit',
          `--as=${config.memoryBytes}`,
          ...(lifetime === 'document' ? [`--cpu=${cpuSeconds}`] : []),
          `--fsize=${2 * 1024 ** 3}`,
          '--',
        ]
      : []),
    ...inner(seen),
  ];
  return {
    command,
    args,
    // Allow-listed: never the server's secrets (JWT_SECRET, DATABASE_URL, SMTP_URL…).
    env: {
      PATH: '/usr/bin:/bin',
      HOME: seen.home,
      LANG: process.env.LANG || 'C.UTF-8',
      TMPDIR: seen.job,
    },
  };
}

/**
 * `env LD_PRELOAD=…` before LibreOffice's command when jemalloc is to be preloaded (PDF_ALLOCATOR):
 * LibreOffice alone gets it, not the walls' own tools.
 */
const preloaded = (config: PdfConfig): string[] =>
  config.preload ? ['env', `LD_PRELOAD=${config.preload}`] : [];

/** LibreOffice's command line for one conversion, in the paths it sees. */
export function sofficeArgs(config: PdfConfig, seen: ConversionPaths): string[] {
  return [
    ...preloaded(config),
    config.soffice,
    '--headless',
    '--invisible',
    '--norestore',
    '--nologo',
    '--nodefault',
    '--nolockcheck',
    '--nofirststartwizard',
    `-env:UserInstallation=${pathToFileURL(seen.profile).href}`,
    // Never guessed from the content: only the Word filter reads what we sanitised.
    '--infilter=MS Word 2007 XML',
    '--convert-to',
    // Bookmarks become named destinations (page + position): how a PDF of many sections is split per row.
    'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}',
    '--outdir',
    seen.job,
    seen.input,
  ];
}

/** Command line and environment of one conversion. */
export function conversionCommand(
  sandbox: Sandbox,
  config: PdfConfig,
  slot: number,
  paths: ConversionPaths,
) {
  return walledCommand(sandbox, config, slot, paths, (seen) => sofficeArgs(config, seen));
}

async function attempt(command: { command: string; args: string[]; env: Record<string, string> }) {
  try {
    await run(command.command, command.args, { timeout: 20_000, env: command.env });
    return undefined;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return (stderr?.trim() || message).split('\n').slice(-2).join(' ');
  }
}

/**
 * Raises the walls once around `test -w` of a job directory in slot 0's place. Throws
 * SandboxUnavailableError naming what failed; with PDF_SANDBOX=off there are no walls to raise
 * (it says so in the log) but slot 0 must still reach its directories.
 */
export async function detectSandbox(
  config: PdfConfig,
  logger: Logger,
  probe: ConversionPaths,
): Promise<Sandbox> {
  const limits = !(await attempt({
    command: 'prlimit',
    args: ['--cpu=10', '--', 'true'],
    env: {},
  }));
  if (!limits)
    logger.warn('PDF conversion: prlimit is missing; LibreOffice runs without CPU/memory limits');
  const slotUsers = isRoot();
  const bwrap = config.sandbox === 'off' ? undefined : config.bwrap;
  if (config.sandbox === 'off')
    logger.warn(
      'PDF conversion without walls (PDF_SANDBOX=off): LibreOffice sees the whole filesystem and the network',
    );
  else if (!bwrap)
    throw new SandboxUnavailableError(
      'bubblewrap (bwrap) is not installed, so LibreOffice cannot be walled in; install it, or set PDF_SANDBOX=off on purpose',
    );
  const sandbox: Sandbox = { bwrap, slotUsers, limits };
  const failed = await attempt(
    walledCommand(sandbox, config, 0, probe, (seen) => ['test', '-w', seen.job]),
  );
  if (failed && bwrap)
    throw new SandboxUnavailableError(
      `the walls around LibreOffice cannot be raised here (bwrap: ${failed}); allow user namespaces, or set PDF_SANDBOX=off on purpose`,
    );
  if (failed)
    throw new SandboxUnavailableError(
      `LibreOffice cannot write in ${probe.job}; PDF_TMP_DIR must be a directory every user may pass through (like /tmp)`,
    );
  if (config.warm) {
    const noUno = await attempt(
      walledCommand(sandbox, config, 0, probe, () => ['python3', '-c', 'import uno']),
    );
    sandbox.warm = !noUno;
    if (noUno)
      logger.warn(
        `PDF conversion: python3-uno is missing (${noUno}); one LibreOffice per document instead of warm converters`,
      );
  }
  return sandbox;
}
