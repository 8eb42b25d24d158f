// The system Chromium and its launch flags, shared by playwright.config.ts and the benches that
// launch Chromium themselves (tests/bench). Never download a browser.
export const CHROMIUM_LAUNCH_OPTIONS: { executablePath: string; args: string[] } = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
