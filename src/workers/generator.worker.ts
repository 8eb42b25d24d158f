/// <reference lib="webworker" />
// The generator worker: every docx/xlsx task runs here, off the main thread (DESIGN.md).
import * as Comlink from 'comlink';
import { createGeneratorApi } from './generatorApi';

const api = createGeneratorApi();
Comlink.expose(api);

export type GeneratorWorkerApi = typeof api;
