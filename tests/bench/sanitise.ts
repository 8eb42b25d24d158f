// Bench: /healthz while the sanitiser checks a hostile upload (issue 37). A real server process
// (node --import tsx) is asked /healthz every 100 ms, idle (the baseline), then while it refuses
// the 12 × 200 MB w:fldSimple package and a 120 MB part of 20 million tags. Goal: no /healthz
// answer slower than 250 ms; server memory (RSS, threads included) under 1 GB. Figures only.
//
//   BENCH_ONLY=sanitise node --import tsx tests/bench/run.ts
import { fieldFlood, tagFlood } from '../support/bigPackage';
import { postDocx, whileWatched, type Watched } from '../support/healthWatch';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startNode, stopNode } from '../support/serverProcess';

export const HEALTHZ_GOAL_MS = 250;
const MB = 1024 * 1024;

function line(label: string, watched: Watched<{ status: number } | null>): string {
  const times = watched.answers.map((a) => a.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = times.at(-1) ?? 0;
  const failed = watched.answers.filter((a) => a.status !== 200).length;
  const status = watched.result ? `answer ${watched.result.status}, ` : '';
  return `${label.padEnd(34)} ${status}${times.length} /healthz, median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (goal ≤ ${HEALTHZ_GOAL_MS}), ${failed} failed, RSS ≤ ${(watched.maxRss / MB).toFixed(0)} MB`;
}

export async function runSanitiseBench(): Promise<string[]> {
  const node = await startNode('bench-sanitise', { PDF_WORKERS: '1' });
  try {
    const login = await call(node, 'POST', '/api/v1/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const token: string = login.body.data.tokens.access_token;
    const idle = await whileWatched(node, async () => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return null;
    });
    const fields = await fieldFlood();
    const flood = await whileWatched(node, () => postDocx(node, token, fields));
    const tags = await tagFlood();
    const scanned = await whileWatched(node, () => postDocx(node, token, tags));
    return [
      line('idle (baseline)', idle),
      line(`12 × 200 MB fldSimple (${(fields.length / MB).toFixed(1)} MB)`, flood),
      line(`120 MB of tags (${(tags.length / MB).toFixed(1)} MB)`, scanned),
    ];
  } finally {
    await stopNode(node);
  }
}
