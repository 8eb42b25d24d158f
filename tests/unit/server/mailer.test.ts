import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { Logger } from '../../../src/server/logger';
import { createMailer } from '../../../src/server/mail/mailer';

test('without SMTP_URL each mail becomes an .eml file in the outbox and its link is logged', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'di-outbox-'));
  const logged: Record<string, unknown>[] = [];
  const logger: Logger = {
    error() {},
    warn() {},
    debug() {},
    info: (_m, extra) => void logged.push(extra ?? {}),
  };
  try {
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({
      from: 'Dashboard Invoice <no-reply@localhost>',
      outboxDir: outbox,
      logger,
    });
    await mailer.send({
      to: 'ani@example.com',
      subject: 'Reset your password',
      text: 'Open http://127.0.0.1:8080/reset-password?token=abc within 30 minutes.',
    });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outbox, files[0]), 'utf8');
    expect(eml).toMatch(/^To: ani@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    expect(eml).toContain('reset-password?token=abc');
    expect(statSync(path.join(outbox, files[0])).mode & 0o777).toBe(0o600);
    expect(logged[0]).toMatchObject({
      to: 'ani@example.com',
      links: ['http://127.0.0.1:8080/reset-password?token=abc'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
