// How a call's files and jobs cross to the worker (docs/generator.md, step 2): each file read into
// bytes here, under its size limit, and every other field of a job as it is. A job is spread and
// only its files (and row indexes, copied to be transferred) are replaced, so a new field of
// GenerationJob, PreviewJob or ExportJob reaches the worker without a change here; a new file
// field does not compile until it is read (the worker's job types want bytes).
import type {
  DataSource,
  ExportJob,
  GenerationJob,
  NamedFile,
  PreviewJob,
  WorkerJob,
} from '../domain/generator/generationJob';
import type { FileSource } from './bridge.types';
import { assertDataFileSize, assertFileSize } from './limits';

export const TEMPLATE_READ_FAILED = 'Failed to read template file';
export const FILE_READ_FAILED = 'Failed to read file';

export async function readBytes(
  source: FileSource,
  readFailed: string,
  kind: 'template' | 'data' = 'template',
): Promise<ArrayBuffer> {
  // A data file has its own, larger limit (docs/values.md).
  const check = (size: number) =>
    kind === 'data'
      ? assertDataFileSize(size, source instanceof File ? source.name : undefined)
      : assertFileSize(size);
  if (source instanceof ArrayBuffer) {
    check(source.byteLength);
    // A copy is transferred so the caller's buffer stays usable.
    return source.slice(0);
  }
  // Refused before reading the file into memory.
  check(source.size);
  try {
    return await source.arrayBuffer();
  } catch {
    throw new Error(readFailed);
  }
}

/** The chosen images as bytes with their names, and the buffers to transfer. */
export async function readImages(files: readonly NamedFile<FileSource>[] | undefined) {
  const images: NamedFile<ArrayBuffer>[] = [];
  for (const { name, file } of files ?? [])
    images.push({ name, file: await readBytes(file, FILE_READ_FAILED) });
  return { images, transfer: images.map((image) => image.file) };
}

/** A data source as it crosses: its file's bytes, or null when the worker holds its rows. */
export interface WireSource {
  data: DataSource<ArrayBuffer | null>;
  /** The data file's bytes when they go along (null: the worker holds its rows). */
  bytes: ArrayBuffer | null;
  transfer: Transferable[];
}

/** A job as it crosses, with the buffers that move with it (not copied). */
interface Wired<J> {
  job: J;
  bytes: ArrayBuffer | null;
  transfer: Transferable[];
}

/**
 * Generate's job as the worker takes it. The template and images are read first, then `source`
 * (the bridge's: it may start the worker, so it comes last). The caller's row indexes stay usable:
 * a copy is transferred.
 */
export async function generationWire(
  job: GenerationJob<FileSource>,
  source: () => Promise<WireSource>,
): Promise<Wired<WorkerJob>> {
  const template = await readBytes(job.template, TEMPLATE_READ_FAILED);
  const { images, transfer: pictures } = await readImages(job.images);
  const { data, bytes, transfer } = await source();
  const rows = job.rows.slice();
  return {
    job: { ...job, template, data, rows, images },
    bytes,
    transfer: [template, rows.buffer, ...pictures, ...transfer],
  };
}

/** Preview Row's job: grouped, the selected rows go along (the row's group among them); else none. */
export async function previewWire(
  job: PreviewJob<FileSource>,
  source: () => Promise<WireSource>,
): Promise<Wired<PreviewJob<ArrayBuffer, ArrayBuffer | null>>> {
  const template = await readBytes(job.template, TEMPLATE_READ_FAILED);
  const { images, transfer: pictures } = await readImages(job.images);
  const { data, bytes, transfer } = await source();
  const rows = job.groupBy ? job.rows?.slice() : undefined;
  const buffers = [template, ...pictures, ...transfer];
  return {
    job: { ...job, template, data, rows, images },
    bytes,
    transfer: rows ? [...buffers, rows.buffer] : buffers,
  };
}

/** Export to XLSX's job (and e-Faktur's: the same data source and rows). */
export async function rowsWire<J extends Pick<ExportJob<FileSource>, 'data' | 'rows'>>(
  job: J,
  source: () => Promise<WireSource>,
): Promise<Wired<Omit<J, 'data' | 'rows'> & Pick<ExportJob<ArrayBuffer | null>, 'data' | 'rows'>>> {
  const { data, bytes, transfer } = await source();
  const rows = job.rows.slice();
  return { job: { ...job, data, rows }, bytes, transfer: [rows.buffer, ...transfer] };
}
