import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../src/domain/constants';
import { startServerProcess, type ServerProcess } from '../support/faultApp';

/**
 * Large bodies at once: one user sending 40 avatar uploads of 5 MB in parallel must not multiply
 * the server's memory. Concurrent large bodies are bounded per user and in total (the excess
 * waits its turn, or gets 429 with Retry-After when too many wait), so the peak stays ≤ 600 MB.
 */

const PEAK_RSS_GOAL_BYTES = 600 * 1024 * 1024;

/** Peak resident set size of a process so far (Linux: VmHWM). */
function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

describe('40 parallel 5 MB avatar uploads by one user (real server process, SQLite)', () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'i13-mem-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Boss#Secret123',
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    'every upload is answered 200 or 429 with Retry-After, and peak memory stays within 600 MB',
    { timeout: 120_000 },
    async () => {
      const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password: 'Boss#Secret123' }),
      });
      const token = (await login.json()).data.tokens.access_token;
      const png = Buffer.alloc(LIMITS.profileImageBytes - 1024);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
      randomBytes(png.length - 8).copy(png, 8);
      const body = Buffer.from(
        JSON.stringify({ image_data: `data:image/png;base64,${png.toString('base64')}` }),
      );
      const upload = () =>
        fetch(`${server.baseUrl}/api/v1/account/profile-image`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        }).then(async (res) => ({
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          size: (await res.arrayBuffer()).byteLength,
        }));

      const answers = await Promise.all(Array.from({ length: 40 }, upload));
      const peak = peakRss(server.child.pid!);
      console.info(
        `peak RSS of the server after 40 parallel 5 MB uploads: ${(peak / 1024 / 1024).toFixed(0)} MB; answers ${JSON.stringify(answers.map((a) => a.status))}`,
      );
      for (const answer of answers) {
        expect([200, 429]).toContain(answer.status);
        if (answer.status === 429) expect(answer.retryAfter).toMatch(/^\d+$/);
      }
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(PEAK_RSS_GOAL_BYTES);
      // Nothing is stuck afterwards.
      expect((await upload()).status).toBe(200);
      expect(server.alive()).toBe(true);
    },
  );
});
