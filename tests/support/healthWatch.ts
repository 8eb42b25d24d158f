// /healthz asked every 100 ms and the server's RSS sampled while something else happens: the load
// test (tests/api/sanitiseLoad.test.ts) and the bench (tests/bench/sanitise.ts) share it.
import { readFileSync } from 'node:fs';
import type { Node } from './serverProcess';

export interface Watched<T> {
  result: T;
  answers: { status: number; ms: number }[];
  maxRss: number;
}

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Runs `work` while /healthz is asked every 100 ms; keeps asking 500 ms after it ends. */
export async function whileWatched<T>(node: Node, work: () => Promise<T>): Promise<Watched<T>> {
  const answers: { status: number; ms: number }[] = [];
  let maxRss = rssBytes(node.process.pid!);
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const started = performance.now();
      const res = await fetch(`${node.url}/healthz`);
      await res.arrayBuffer();
      answers.push({ status: res.status, ms: performance.now() - started });
      maxRss = Math.max(maxRss, rssBytes(node.process.pid!));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await work();
  await new Promise((resolve) => setTimeout(resolve, 500));
  watching = false;
  await watcher;
  return { result, answers, maxRss };
}

/** POST /api/v1/documents/pdf with these bytes: the status and the message. */
export async function postDocx(node: Node, token: string, docx: Uint8Array) {
  const res = await fetch(`${node.url}/api/v1/documents/pdf`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    body: docx as BodyInit,
  });
  const type = res.headers.get('content-type') ?? '';
  const message = type.includes('json') ? String((await res.json()).message) : '';
  if (!message) await res.arrayBuffer();
  return { status: res.status, message };
}
