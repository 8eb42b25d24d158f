// No upload stalls the server (issue 37): a real server process gets the 12 × 200 MB w:fldSimple
// package (honest sizes, 7 MB zipped) and a 120 MB part of 20 million tags, while another client
// asks /healthz every 100 ms. Both packages are refused (413), /healthz answers every time, and
// the server's memory (RSS, its threads included) stays under 1 GB. The slowest /healthz answer
// is printed here and measured in the bench (tests/bench/sanitise.ts), not asserted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fieldFlood, tagFlood } from '../support/bigPackage';
import { postDocx, whileWatched } from '../support/healthWatch';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  startNode,
  stopNode,
  type Node,
} from '../support/serverProcess';

const MB = 1024 * 1024;
let node: Node;
let token: string;

beforeAll(async () => {
  node = await startNode('sanitise-load', { PDF_WORKERS: '1' });
  const login = await call(node, 'POST', '/api/v1/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  expect(login.status).toBe(200);
  token = login.body.data.tokens.access_token;
  expect(token).toBeTruthy();
}, 120_000);

afterAll(async () => stopNode(node));

async function underWatch(docx: Buffer) {
  const watched = await whileWatched(node, () => postDocx(node, token, docx));
  return { ...watched.result, answers: watched.answers, maxRss: watched.maxRss };
}

describe('huge packages while /healthz is asked every 100 ms', () => {
  test('12 parts × 200 MB of w:fldSimple: refused (413) naming the limit; /healthz always answers; RSS < 1 GB', async () => {
    const docx = await fieldFlood();
    expect(docx.length).toBeLessThan(40 * MB);
    const watched = await underWatch(docx);
    expect(watched.status).toBe(413);
    expect(watched.message).toContain('256 MB');
    expect(watched.answers.length).toBeGreaterThan(0);
    expect(watched.answers.every((a) => a.status === 200)).toBe(true);
    expect(watched.maxRss).toBeLessThan(1024 * MB);
    console.log(
      `12 × 200 MB: ${watched.answers.length} /healthz answers, slowest ${Math.max(...watched.answers.map((a) => a.ms)).toFixed(0)} ms, RSS ≤ ${(watched.maxRss / MB).toFixed(0)} MB`,
    );
  }, 300_000);

  test('one 120 MB part of 20 million tags: scanned in the thread, refused (413); /healthz always answers; RSS < 1 GB', async () => {
    const docx = await tagFlood();
    const watched = await underWatch(docx);
    expect(watched.status).toBe(413);
    expect(watched.message).toMatch(/more XML elements than can be checked/);
    expect(watched.answers.length).toBeGreaterThan(1);
    expect(watched.answers.every((a) => a.status === 200)).toBe(true);
    expect(watched.maxRss).toBeLessThan(1024 * MB);
    console.log(
      `120 MB of tags: ${watched.answers.length} /healthz answers, slowest ${Math.max(...watched.answers.map((a) => a.ms)).toFixed(0)} ms, RSS ≤ ${(watched.maxRss / MB).toFixed(0)} MB`,
    );
  }, 300_000);
});
