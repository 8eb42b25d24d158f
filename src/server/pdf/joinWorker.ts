// The PDF join's thread (docs/pdf-chunks.md, "Joining"): told the output and how many chunks, then
// each chunk's file as it is converted, in any order; it appends them in order as they become
// contiguous and answers once with the joined file's size and pages, or why it failed.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { errorText } from '../../domain/text/errorText';
import { PdfJoiner } from './join';
import type { JoinAnswer, JoinMessage } from './joinInThread';

let joiner: PdfJoiner | undefined;
let count = 0;
let next = 0;
const waiting = new Map<number, string>();
let appending = Promise.resolve();

function fail(error: unknown) {
  joiner?.close();
  joiner = undefined;
  parentPort!.postMessage({ kind: 'failed', message: errorText(error) } satisfies JoinAnswer);
}

async function drain(): Promise<void> {
  while (joiner && waiting.has(next)) {
    const file = waiting.get(next)!;
    waiting.delete(next);
    next++;
    await joiner.append(await readFile(file));
  }
  if (joiner && next === count) {
    const joined = joiner.finish();
    joiner = undefined;
    parentPort!.postMessage({ kind: 'joined', ...joined } satisfies JoinAnswer);
  }
}

parentPort!.on('message', (message: JoinMessage) => {
  if (message.kind === 'start') {
    count = message.count;
    try {
      joiner = new PdfJoiner(message.output);
    } catch (error) {
      return fail(error);
    }
  } else waiting.set(message.at, message.file);
  appending = appending.then(drain).catch(fail);
});
