// Preloaded into a benched server (NODE_OPTIONS=--import …, tests/bench/delivery.ts): samples the
// server's own memory every 20 ms (process.memoryUsage and V8's heap spaces) and keeps each part
// at its largest, so the bench can say WHICH part of the RSS grew. On SIGUSR2 it writes those
// peaks to SERVER_HEAP_FILE as one JSON line with a sequence number and starts over.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const file = process.env.SERVER_HEAP_FILE;
if (file && isMainThread) {
  const MB = 1024 * 1024;
  let seq = 0;
  let peak = {};
  const sample = () => {
    const m = process.memoryUsage();
    const now = { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
    for (const s of v8.getHeapSpaceStatistics()) now[s.space_name] = s.space_size;
    for (const [k, v] of Object.entries(now)) peak[k] = Math.max(peak[k] ?? 0, v);
  };
  setInterval(sample, 20).unref();
  process.on('SIGUSR2', () => {
    sample();
    const mb = Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, +(v / MB).toFixed(1)]));
    writeFileSync(file, JSON.stringify({ seq: ++seq, ...mb }));
    peak = {};
  });
}
