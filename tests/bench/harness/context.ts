// The browser context every Chromium bench opens: 1280 × 900, downloads accepted, and each page
// recording its main thread's long tasks in window.__longtasks (PerformanceObserver 'longtask').
import type { Browser, BrowserContext } from '@playwright/test';

export interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __longtasks: LongTask[];
  }
}

export async function benchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  // tsx keeps function names with an esbuild helper; functions sent to the page need it too.
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await context.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longtasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return context;
}
