// The warm converter's driver (src/server/pdf/uno.ts) outside the walls, with a LibreOffice that
// never answers on its pipe: when the server that started the driver goes away (its end of the
// driver's stdin closes) while LibreOffice is still starting, the driver kills that LibreOffice and
// leaves, rather than waiting for it for good (docs/converter-walls.md, "Warm converters").
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { UNO_DRIVER } from '../../../src/server/pdf/uno';

const scratch = mkdtempSync(path.join(tmpdir(), 'uno-driver-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a driver whose server is gone while LibreOffice starts ends it and exits', async () => {
  // A "LibreOffice" that writes its pid and never opens the pipe.
  const office = path.join(scratch, 'soffice');
  const pidFile = path.join(scratch, 'office.pid');
  writeFileSync(office, `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 300\n`);
  chmodSync(office, 0o755);
  const driver = spawn('/usr/bin/python3', ['-c', UNO_DRIVER, office, scratch, 'no-one-answers'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => driver.once('exit', resolve));
  for (let i = 0; i < 200; i++) {
    try {
      if (readFileSync(pidFile, 'utf8').trim()) break;
    } catch {
      // not yet started
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const officePid = Number(readFileSync(pidFile, 'utf8'));
  expect(alive(officePid)).toBe(true);

  driver.stdin.end();
  const timer = setTimeout(() => driver.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  expect(code).toBe(3);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(alive(officePid)).toBe(false);
}, 30_000);
