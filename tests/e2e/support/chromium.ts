// The system Chromium and its launch flags, shared by playwright.config.ts and the benches that
// launch Chromium themselves (tests/bench). Never download a browser: CHROMIUM_PATH names the
// executable (default /usr/bin/chromium, Debian's package; e.g. /usr/bin/chromium-browser on
// Ubuntu, or Chrome on macOS).
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The Chromium to drive: CHROMIUM_PATH when set (and not blank), else /usr/bin/chromium. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}

const executablePath = chromiumPath();
if (!existsSync(executablePath)) {
  // Said once, up front, instead of Playwright's long launch error in every test.
  console.warn(
    `No Chromium at ${executablePath}: install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
  );
}

export const CHROMIUM_LAUNCH_OPTIONS: { executablePath: string; args: string[] } = {
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
