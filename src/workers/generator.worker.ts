/// <reference lib="webworker" />
// The generator worker: every docx/xlsx task runs here, off the main thread (docs/generator.md).
// Started again by itself under QR_THREAD_NAME, it is the picture thread that draws a large run's
// QR codes beside the merge (docs/pictures.md, "Speed").
import * as Comlink from 'comlink';
// Code-page tables for legacy .xls text (Hebrew, Cyrillic, Greek…), in the worker bundle only.
import './read';
import { createGeneratorApi } from './generatorApi';
import { answerQrBatch, QR_THREAD_NAME, type QrBatch } from './pictures';

if (self.name === QR_THREAD_NAME)
  self.onmessage = (event: MessageEvent<QrBatch>) => answerQrBatch(self, event.data);
else Comlink.expose(createGeneratorApi());

export type GeneratorWorkerApi = ReturnType<typeof createGeneratorApi>;
