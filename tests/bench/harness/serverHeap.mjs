// Preloaded into a benched server (NODE_OPTIONS=--import …, tests/bench/delivery.ts): samples the
// server's own memory every 20 ms (process.memoryUsage and V8's heap spaces) and keeps each part
// at its largest, so the bench can say WHICH part of the RSS grew. On SIGUSR2 it writes those
// peaks to SERVER_HEAP_FILE as one JSON line with a sequence number and starts over. The server's
// worker threads (NODE_OPTIONS reaches them too) sample their own heaps and hand their peaks over
// on a BroadcastChannel when asked: each thread's heap spaces under `thread<id>_<space>`.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

const file = process.env.SERVER_HEAP_FILE;
const MB = 1024 * 1024;

/** Samples every 20 ms; `take()` returns the peaks since the last take, in MB. */
function sampler(process_) {
  let peak = {};
  const sample = () => {
    const now = {};
    if (process_) {
      const m = process.memoryUsage();
      Object.assign(now, { rss: m.rss, heapUsed: m.heapUsed, external: m.external });
    }
    for (const s of v8.getHeapSpaceStatistics()) now[s.space_name] = s.space_size;
    for (const [k, v] of Object.entries(now)) peak[k] = Math.max(peak[k] ?? 0, v);
  };
  setInterval(sample, 20).unref();
  return () => {
    sample();
    const mb = Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, +(v / MB).toFixed(1)]));
    peak = {};
    return mb;
  };
}

if (file) {
  const channel = new BroadcastChannel('bench-server-heap');
  channel.unref();
  if (isMainThread) {
    const take = sampler(true);
    let seq = 0;
    process.on('SIGUSR2', () => {
      const peaks = take();
      channel.onmessage = ({ data }) => {
        if (data.kind !== 'peaks') return;
        for (const [k, v] of Object.entries(data.peaks)) peaks[`thread${data.threadId}_${k}`] = v;
      };
      channel.postMessage({ kind: 'take' });
      // The threads answer within a few ms; one that is busy is left out.
      setTimeout(() => writeFileSync(file, JSON.stringify({ seq: ++seq, ...peaks })), 100);
    });
  } else {
    const take = sampler(false);
    channel.onmessage = ({ data }) => {
      if (data.kind === 'take') channel.postMessage({ kind: 'peaks', threadId, peaks: take() });
    };
  }
}
