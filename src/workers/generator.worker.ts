/// <reference lib="webworker" />
// The generator worker: every docx/xlsx task runs here, off the main thread (docs/generator.md).
import * as Comlink from 'comlink';
// Code-page tables for legacy .xls text (Hebrew, Cyrillic, Greek…), in the worker bundle only.
import './read';
import { createGeneratorApi } from './generatorApi';

const api = createGeneratorApi();
Comlink.expose(api);

export type GeneratorWorkerApi = typeof api;
