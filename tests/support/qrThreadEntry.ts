// The picture thread under Node (tests/support/qrThreads.ts): what generator.worker.ts does when
// started as QR_THREAD_NAME, over worker_threads' parent port.
import { parentPort } from 'node:worker_threads';
import { answerQrBatch, type QrAnswer, type QrBatch } from '../../src/workers/pictures/qrThread';

const port = parentPort!;
// Its transfer list holds only ArrayBuffers (qrThread.ts).
const answers = {
  postMessage: (answer: QrAnswer, transfer: unknown[]) =>
    port.postMessage(answer, transfer as ArrayBuffer[]),
};
port.on('message', (batch: QrBatch) => answerQrBatch(answers, batch));
