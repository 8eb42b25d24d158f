// DATA_DIR keeps its secrets to the server's user (issue 37): a directory the server makes is
// mode 700, the database (and its -wal, -shm), the JWT secret and every backup mode 600, and a
// start with an existing DATA_DIR that others can read warns in the log. Real server processes,
// the real SQLite files and the admin CLI's backup and restore.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../src/server/db/backup';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startNode, stopNode } from '../support/serverProcess';

const mode = (file: string) => statSync(file).mode & 0o777;
const OPEN_WARNING = /DATA_DIR .* can be read by other users/;

describe('DATA_DIR file modes', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'di-datadir-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('a DATA_DIR the server makes is 700; app.db, its WAL files and jwt-secret are 600; no warning', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    const node = await startNode('fresh', { JWT_SECRET: '' }, dataDir);
    try {
      const signIn = await call(node, 'POST', '/api/v1/auth/login', {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      });
      expect(signIn.status).toBe(200);
      expect(mode(dataDir)).toBe(0o700);
      for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'jwt-secret']) {
        expect(existsSync(path.join(dataDir, name)), name).toBe(true);
        expect(mode(path.join(dataDir, name)), name).toBe(0o600);
      }
      expect(node.output.join('')).not.toMatch(OPEN_WARNING);
    } finally {
      await stopNode(node);
    }
    // Backups hold password hashes: 600 whatever the umask, and so is a restored database.
    const backup = path.join(root, 'backup.db');
    await backupDatabase(path.join(dataDir, 'app.db'), backup);
    expect(mode(backup)).toBe(0o600);
    chmodSync(backup, 0o644);
    await restoreDatabase(path.join(dataDir, 'app.db'), backup);
    expect(mode(path.join(dataDir, 'app.db'))).toBe(0o600);
  });

  test('an existing DATA_DIR that others can read is named in a warning at start', async () => {
    const dataDir = path.join(root, 'open');
    await stopNode(await startNode('open', { JWT_SECRET: '' }, dataDir));
    chmodSync(dataDir, 0o755);
    const again = await startNode('open-again', { JWT_SECRET: '' }, dataDir);
    try {
      const warning = again.output
        .join('')
        .split('\n')
        .find((line) => OPEN_WARNING.test(line));
      expect(warning).toContain(dataDir);
      expect(warning).toContain('chmod 700');
      // The server leaves the operator's choice of directory mode alone; its files stay private.
      expect(mode(dataDir)).toBe(0o755);
      expect(mode(path.join(dataDir, 'app.db'))).toBe(0o600);
    } finally {
      await stopNode(again);
    }
  });
});
