// callThread (src/server/threads.ts): the one protocol of the server's one-request threads. The
// first of answer, error, exit, cancel and time limit settles the call, and the thread is ended.
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { callThread } from '../../../src/server/threads';

const thread = (body: string) =>
  new Worker(`const { parentPort } = require('node:worker_threads'); ${body}`, { eval: true });
const ended = (worker: Worker) =>
  new Promise<number>((resolve) => worker.once('exit', (code) => resolve(code)));
const base = { aborted: () => new Error('cancelled'), name: 'test thread' };

test('the answer to the request', async () => {
  const worker = thread(`parentPort.once('message', (n) => parentPort.postMessage(n * 2));`);
  await expect(callThread<number>(worker, { ...base, request: 21 })).resolves.toBe(42);
});

test('a thread past its time limit is ended and the call fails with the timeout error', async () => {
  const worker = thread(`parentPort.once('message', () => { for (;;); });`);
  const exit = ended(worker);
  const call = callThread(worker, {
    ...base,
    request: 0,
    timeoutMs: 200,
    timedOut: () => new Error('too long'),
  });
  await expect(call).rejects.toThrow('too long');
  expect(await exit).toBe(1);
});

test('a cancel ends the thread; a call cancelled before it starts never runs', async () => {
  const worker = thread(`parentPort.once('message', () => { for (;;); });`);
  const exit = ended(worker);
  const stop = new AbortController();
  const call = callThread(worker, { ...base, request: 0, signal: stop.signal });
  setTimeout(() => stop.abort(), 100);
  await expect(call).rejects.toThrow('cancelled');
  expect(await exit).toBe(1);

  const never = thread(`parentPort.once('message', () => parentPort.postMessage('ran'));`);
  await expect(
    callThread(never, { ...base, request: 0, signal: AbortSignal.abort() }),
  ).rejects.toThrow('cancelled');
});

test('a thread that throws or exits without answering fails the call, named', async () => {
  const throwing = thread(`parentPort.once('message', () => { throw new RangeError('bad'); });`);
  await expect(
    callThread(throwing, { ...base, request: 0, failed: (e) => new Error(`mapped: ${e.message}`) }),
  ).rejects.toThrow('mapped: bad');
  const exiting = thread(`parentPort.once('message', () => process.exit(3));`);
  await expect(callThread(exiting, { ...base, request: 0 })).rejects.toThrow(
    'test thread exited with 3 before answering',
  );
});
