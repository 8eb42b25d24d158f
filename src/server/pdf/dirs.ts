// The pool's directories under PDF_TMP_DIR: one per server (its pid inside, so the next start can
// remove what a crashed server left), a `jobs` folder, and one home per slot, owned by the uid
// that slot runs as (docs/converter-walls.md).
import {
  chmod,
  chown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';
import type { PdfConfig } from './config';
import { detectSandbox, SandboxUnavailableError, slotUser, type Sandbox } from './sandbox';

const DIR_PREFIX = 'dashboard-invoice-pdf-';
const OWNER_FILE = 'server.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories of servers that crashed before removing theirs. */
async function sweepStale(tmpDir: string, logger: Logger): Promise<void> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(DIR_PREFIX))) {
    const dir = path.join(tmpDir, name);
    const owner = Number(await readFile(path.join(dir, OWNER_FILE), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) continue;
    if (!Number.isInteger(owner)) {
      // No owner file yet: only a directory older than a minute is surely abandoned.
      const info = await stat(dir).catch(() => null);
      if (!info || Date.now() - info.mtimeMs < 60_000) continue;
    }
    await rm(dir, { recursive: true, force: true });
    logger.info(`PDF conversion: removed ${dir} left by a stopped server`);
  }
}

/** Sets the mode, and the owner when one is given (the server is root). */
export async function own(
  target: string,
  mode: number,
  user: { uid: number; gid: number } | undefined,
): Promise<void> {
  await chmod(target, mode);
  if (user) await chown(target, user.uid, user.gid);
}

/** The server's directory: others may pass through it (0711) to their own folders, never list it. */
async function makeBase(tmpDir: string, logger: Logger): Promise<string> {
  await mkdir(tmpDir, { recursive: true });
  await sweepStale(tmpDir, logger);
  const base = await mkdtemp(path.join(tmpDir, DIR_PREFIX));
  await writeFile(path.join(base, OWNER_FILE), String(process.pid), { mode: 0o600 });
  await chmod(base, 0o711);
  await mkdir(path.join(base, 'jobs'), { mode: 0o711 });
  await chmod(path.join(base, 'jobs'), 0o711);
  return base;
}

/**
 * The server's directory with one home per slot, each owned by its slot's uid, and the walls
 * raised once around a probe in slot 0's place. SandboxUnavailableError when they cannot be.
 */
export async function setUpSlots(
  config: PdfConfig,
  logger: Logger,
): Promise<{ base: string; sandbox: Sandbox; homes: string[] }> {
  const base = await makeBase(config.tmpDir, logger);
  const homes = Array.from({ length: config.workers }, (_, i) => path.join(base, `slot-${i}`));
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const users = homes.map((_, i) => slotUser({ slotUsers: root, limits: false }, config, i));
  for (const [i, home] of homes.entries()) {
    await mkdir(home);
    await own(home, 0o700, users[i]);
  }
  const probe = path.join(base, 'jobs', 'probe');
  await mkdir(probe);
  await own(probe, 0o700, users[0]);
  let sandbox: Sandbox;
  try {
    sandbox = await detectSandbox(config, logger, {
      home: homes[0],
      profile: path.join(homes[0], 'profile'),
      job: probe,
      input: path.join(probe, 'document.docx'),
    });
  } catch (error) {
    if (error instanceof SandboxUnavailableError) await rm(base, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(probe, { recursive: true, force: true });
  }
  logger.info(
    `PDF conversion: ${config.workers} LibreOffice slot(s) in ${base}` +
      (sandbox.bwrap
        ? ', each walled in by bubblewrap (own filesystem, no network, own PIDs)'
        : ', without walls (PDF_SANDBOX=off)') +
      (sandbox.slotUsers
        ? `, as uids ${config.uidBase}…${config.uidBase + config.workers - 1}`
        : '') +
      (sandbox.limits ? ', with CPU/memory limits' : ''),
  );
  return { base, sandbox, homes };
}
