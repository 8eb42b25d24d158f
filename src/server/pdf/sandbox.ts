// How LibreOffice is started: which of the platform's walls are available here (another user,
// no network, resource limits), found once by trying them, and the command and environment of
// one conversion inside them.
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Logger } from '../logger';
import type { PdfConfig } from './config';

const run = promisify(execFile);

export interface Sandbox {
  /** uid/gid LibreOffice runs as (the server's own when undefined). */
  user?: { uid: number; gid: number; name: string };
  /** Started in a network namespace of its own (no interface but a downed loopback). */
  noNetwork: boolean;
  /** prlimit sets CPU, memory and file-size limits. */
  limits: boolean;
}

async function works(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args, {
      timeout: 10_000,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    return true;
  } catch {
    return false;
  }
}

async function lookUpUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const uid = Number((await run('id', ['-u', name])).stdout.trim());
    const gid = Number((await run('id', ['-g', name])).stdout.trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

const dropPrivileges = (user: { uid: number; gid: number }) => [
  'setpriv',
  `--reuid=${user.uid}`,
  `--regid=${user.gid}`,
  '--clear-groups',
  '--no-new-privs',
  '--',
];

/** Tries each wall; what is missing is logged once, and conversion goes on without it. */
export async function detectSandbox(config: PdfConfig, logger: Logger): Promise<Sandbox> {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  let user: Sandbox['user'];
  if (root && config.user) {
    const ids = await lookUpUser(config.user);
    if (
      ids &&
      ids.uid !== 0 &&
      (await works(dropPrivileges(ids)[0], [...dropPrivileges(ids).slice(1), 'true']))
    )
      user = { ...ids, name: config.user };
    else
      logger.warn(`PDF conversion: cannot run LibreOffice as user ${config.user}; it runs as root`);
  } else if (!root) {
    logger.info('PDF conversion: the server is not root, so LibreOffice runs as the server user');
  }
  const noNetwork = root
    ? await works('unshare', ['--net', '--', 'true'])
    : await works('unshare', ['--user', '--map-root-user', '--net', '--', 'true']);
  if (!noNetwork)
    logger.warn(
      'PDF conversion: network namespaces are not available; LibreOffice keeps network access (links are still removed and its proxy points nowhere)',
    );
  const limits = await works('prlimit', ['--cpu=10', '--', 'true']);
  if (!limits)
    logger.warn(
      'PDF conversion: prlimit is missing; LibreOffice runs without CPU and memory limits',
    );
  return { user, noNetwork, limits };
}

/** True when the sandbox user can write in `dir` (every folder above it must let it pass). */
export async function sandboxCanWrite(sandbox: Sandbox, dir: string): Promise<boolean> {
  if (!sandbox.user) return true;
  return works(dropPrivileges(sandbox.user)[0], [
    ...dropPrivileges(sandbox.user).slice(1),
    'test',
    '-w',
    dir,
  ]);
}

export interface ConversionPaths {
  /** The slot's HOME, holding its profile. */
  home: string;
  profile: string;
  /** The conversion's own empty directory: input, output, TMPDIR. */
  job: string;
  input: string;
}

/** Command line and environment of one conversion. */
export function conversionCommand(
  sandbox: Sandbox,
  config: PdfConfig,
  paths: ConversionPaths,
): { command: string; args: string[]; env: Record<string, string> } {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const cpuSeconds = Math.ceil(config.timeoutMs / 1000) + 10;
  const wrappers = [
    ...(sandbox.noNetwork
      ? root
        ? ['unshare', '--net', '--']
        : ['unshare', '--user', '--map-root-user', '--net', '--']
      : []),
    ...(sandbox.user ? dropPrivileges(sandbox.user) : []),
    ...(sandbox.limits
      ? [
          'prlimit',
          `--as=${config.memoryBytes}`,
          `--cpu=${cpuSeconds}`,
          `--fsize=${2 * 1024 ** 3}`,
          '--',
        ]
      : []),
  ];
  const soffice = [
    config.soffice,
    '--headless',
    '--invisible',
    '--norestore',
    '--nologo',
    '--nodefault',
    '--nolockcheck',
    '--nofirststartwizard',
    `-env:UserInstallation=${pathToFileURL(paths.profile).href}`,
    // Never guessed from the content: only the Word filter reads what we sanitised.
    '--infilter=MS Word 2007 XML',
    '--convert-to',
    // Bookmarks become named destinations (page + position): how a PDF of many sections is split per row.
    'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}',
    '--outdir',
    paths.job,
    paths.input,
  ];
  const [command, ...args] = [...wrappers, ...soffice];
  return {
    command,
    args,
    // Allow-listed: never the server's secrets (JWT_SECRET, DATABASE_URL, SMTP_URL…).
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: paths.home,
      LANG: process.env.LANG || 'C.UTF-8',
      TMPDIR: paths.job,
    },
  };
}
