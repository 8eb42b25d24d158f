import * as Comlink from 'comlink';
import type { WorkBook } from 'xlsx';
import { packCells, type PackedSheet } from '../domain/sheet/sheetTable';
import {
  type DataSource,
  type ExportJob,
  type GenerationResult,
  type PreviewJob,
  type WorkerJob,
} from '../domain/generator/generationJob';
import type { DocumentPreview } from '../domain/word/documentPreview';
import { matchingRows } from '../domain/sheet/rowFilter';
import type { SampleFile } from './bridge.types';
import { analyseTemplate, SAMPLE_TEMPLATE_NAME, sampleTemplate, sectionTags } from './template';
import { EMPTY_SHEET_MESSAGE, parseWorkbook, rowObject, sheetCells, type SheetCells } from './read';
import {
  type MergeProgress,
  exportRows,
  previewRow,
  createTemplateCache,
  sectionPageRanges,
  splitPdfPerSection,
  groupingOf,
  groupOfRow,
  readSelection,
} from './merge';
import { firstTable, hiddenRowsReader, rowMarks, type HiddenRows } from './read';
import type { EfakturAnswer, EfakturJob } from '../domain/efaktur/job';
import { efakturOf, type PictureSources } from './merge';
import { readImageSet, type ImageSet } from './pictures';
import type { NamedFile, QrisSource } from '../domain/generator/generationJob';
import { answer, generate, withInvoiceColumn } from './generate';

/** A data source as it reaches the worker: the file's bytes, or null when the worker holds it. */
type WorkerSource = DataSource<ArrayBuffer | null>;

/**
 * What the main thread receives for a workbook: names, and the first sheet holding a table packed
 * (see sheetTable); with several sheets and none readable, an empty table and why (the picker stays).
 */
interface PackedWorkbook {
  sheetNames: string[];
  sheet: string;
  table: PackedSheet;
  sheetError?: string;
}

export const NO_WORKBOOK_MESSAGE = 'No Excel file has been read yet';

export function missingRowMessage(index: number, sheet: string): string {
  return `Row ${index + 1} is not in sheet "${sheet}"`;
}

/** A packed sheet whose buffers move to the main thread instead of being copied. */
function transferred(sheet: SheetCells, hidden: ReadonlySet<number>): PackedSheet {
  const marks = rowMarks(sheet, hidden);
  const packed = {
    ...packCells(sheet.headers, sheet.cells),
    headerRow: sheet.headerRow,
    notes: sheet.notes,
    ...marks,
  };
  return Comlink.transfer(packed, buffersOf(packed));
}

/** The buffers of a packed sheet, handed over rather than copied. */
function buffersOf(packed: PackedSheet): ArrayBuffer[] {
  return [
    packed.text,
    packed.offsets,
    packed.thinRows,
    packed.sheetRowNumbers,
    packed.totalRows,
    packed.hiddenRows,
  ]
    .filter((array) => array !== undefined)
    .map((array) => array.buffer as ArrayBuffer);
}

/**
 * The API the generator worker exposes. It keeps the parsed workbook of the current data file and
 * the rows of the sheet last read, so the main thread holds only a packed copy for the preview, a
 * sheet change re-reads one sheet without parsing the file again, and a job is sent row indexes,
 * not rows. A job carries the data file only when the worker does not hold it (a fresh worker).
 * The template is compiled once for the previews and the merge of one (template, mapping,
 * formats): see merge/templateCache.ts.
 */
export function createGeneratorApi() {
  const templates = createTemplateCache();
  let workbook: WorkBook | null = null;
  let hiddenRows: HiddenRows = () => new Set();
  let current: { name: string; headerRow?: number; data: SheetCells } | null = null;
  /** The images last read, by their names and bytes' SHA-256 (Preview Row and Generate reuse them). */
  let images: { key: string; set: ImageSet } | null = null;

  async function imageSetOf(files: readonly NamedFile<ArrayBuffer>[]): Promise<ImageSet> {
    let key = '';
    for (const { name, file } of files) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', file));
      key += `${name}\u0000${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}\u0000`;
    }
    if (images?.key !== key) {
      const set = readImageSet(
        files.map(({ name, file }) => ({ name, bytes: new Uint8Array(file) })),
      );
      images = { key, set };
    }
    return images.set;
  }

  /** What a job's pictures are drawn from. */
  async function pictureSources(job: {
    images?: readonly NamedFile<ArrayBuffer>[];
    qris?: QrisSource;
  }): Promise<PictureSources> {
    return {
      images: job.images && job.images.length > 0 ? await imageSetOf(job.images) : null,
      qris: job.qris?.payload ?? null,
    };
  }

  function open(buffer: ArrayBuffer): WorkBook {
    workbook = null;
    current = null;
    workbook = parseWorkbook(buffer);
    hiddenRows = hiddenRowsReader(new Uint8Array(buffer), workbook);
    return workbook;
  }

  /** The sheet of a data source, its file parsed first when it came along. */
  function sheetOf({ file, sheet, headerRow }: WorkerSource): SheetCells {
    if (file) open(file);
    if (!workbook) throw new Error(NO_WORKBOOK_MESSAGE);
    // A row asked for by number is the reading held when that reading used the same row.
    const held = current?.name === sheet ? current : null;
    const same =
      held !== null &&
      (headerRow === undefined ? held.headerRow === undefined : held.data.headerRow === headerRow);
    if (same) return held.data;
    current = { name: sheet, headerRow, data: sheetCells(workbook, sheet, headerRow) };
    return current.data;
  }

  /** The sheet, checked to hold every selected row. */
  function sheetWith(source: WorkerSource, rows: ArrayLike<number>): SheetCells {
    const data = sheetOf(source);
    for (let i = 0; i < rows.length; i++)
      if (rows[i] >= data.cells.length) throw new Error(missingRowMessage(rows[i], source.sheet));
    return data;
  }

  return {
    analyseTemplate(buffer: ArrayBuffer) {
      return analyseTemplate(buffer);
    },

    /** Reads and checks the images chosen next to the data file; answers their names. */
    async readImages(files: readonly NamedFile<ArrayBuffer>[]): Promise<{ names: string[] }> {
      return { names: [...(await imageSetOf(files)).names] };
    },

    /** A template to start from, offered when a template has no fields. */
    sampleTemplate(): SampleFile {
      const bytes = sampleTemplate().slice().buffer;
      return Comlink.transfer({ bytes, fileName: SAMPLE_TEMPLATE_NAME }, [bytes]);
    },

    async readWorkbook(buffer: ArrayBuffer): Promise<PackedWorkbook> {
      const opened = open(buffer);
      const sheetNames = [...opened.SheetNames];
      if (sheetNames.length === 0) throw new Error(EMPTY_SHEET_MESSAGE);
      const first = firstTable(opened);
      if (first.data === null) {
        // One sheet: the file is refused as before; several: the picker stays, the sheet says why.
        if (sheetNames.length === 1) throw first.error;
        const error = first.error instanceof Error ? first.error.message : EMPTY_SHEET_MESSAGE;
        return { sheetNames, sheet: first.sheet, table: packCells([], []), sheetError: error };
      }
      current = { name: first.sheet, data: first.data };
      const table = transferred(first.data, hiddenRows(first.sheet));
      // Comlink transfers what is registered for the answer itself, not for an object inside it:
      // without this the sheet's buffers (tens of MB for 100,000 rows) were copied to the page.
      return Comlink.transfer({ sheetNames, sheet: first.sheet, table }, buffersOf(table));
    },

    /** Reads a sheet of the workbook held here, or of the file that came along. */
    async readSheet(source: WorkerSource): Promise<PackedSheet> {
      return transferred(sheetOf(source), hiddenRows(source.sheet));
    },

    /** Runs a job: the file its output names (generate.ts: one entry per output). */
    async generate(
      job: WorkerJob,
      onProgress?: (progress: MergeProgress) => void,
    ): Promise<GenerationResult> {
      const data = sheetWith(job.data, job.rows);
      return generate({ job, data, templates, onProgress, pictures: () => pictureSources(job) });
    },

    /** 'One PDF per row': the converted PDF split per section into a zip, one file per name. */
    async splitPdf(pdf: ArrayBuffer, names: readonly string[]): Promise<GenerationResult> {
      return answer(await splitPdfPerSection({ pdf, names, asBlob: true }));
    },

    /** Each section's pages (1-based, inclusive) in a converted merged PDF of `sections` sections. */
    pdfSectionPages(pdf: ArrayBuffer, sections: number): Promise<[number, number][]> {
      return sectionPageRanges(pdf, sections);
    },

    /**
     * Indexes of the rows of a sheet with a cell containing `query` (case-insensitive), in table
     * order. Runs here so 50,000 rows are searched without holding up the page.
     */
    async filterRows(source: WorkerSource, query: string): Promise<Uint32Array> {
      const matches = matchingRows(sheetOf(source).cells, query);
      return Comlink.transfer(matches, [matches.buffer]);
    },

    /** The document the row at table index `row` produces, read back as text. */
    async previewRow(
      job: PreviewJob<ArrayBuffer, ArrayBuffer | null>,
      row: number,
    ): Promise<DocumentPreview> {
      const data = sheetWith(job.data, [row]);
      const template = await templates.forMerge(job);
      const { trees, wordFields } = template.template;
      const sections = sectionTags(trees.values());
      const grouping = groupingOf(job.groupBy, job.mapping, sections, data.headers);
      const indexes = grouping ? groupOfRow(grouping, data, job.rows, row) : [row];
      const selection = readSelection({
        sheet: sheetWith(job.data, indexes),
        rowIndexes: indexes,
        mapping: withInvoiceColumn(job.mapping, job.qris),
        formats: job.formats,
        groupBy: job.groupBy,
        sections,
        wordFields,
      });
      return previewRow({
        template,
        row: selection.rows[0],
        mapping: selection.mapping,
        rowNumber: row + 1,
        group: selection.groups?.values[0],
        pictures: await pictureSources(job),
      });
    },

    /** The e-Faktur XML of the selected rows, or every problem of them (docs/efaktur.md). */
    async efaktur(job: EfakturJob<ArrayBuffer | null>): Promise<EfakturAnswer> {
      const data = sheetWith(job.data, job.rows);
      const rows = Array.from(job.rows, (index) => ({
        row: index + 1,
        values: rowObject(data.headers, data.cells[index]),
      }));
      return efakturOf(rows, job);
    },

    async exportRows(job: ExportJob<ArrayBuffer | null>): Promise<GenerationResult> {
      const data = sheetWith(job.data, job.rows);
      const columnAt = new Map(data.headers.map((header, i) => [header, i]));
      const result = await exportRows({
        rows: Array.from(job.rows, (index) => rowObject(data.headers, data.cells[index])),
        mapping: job.mapping,
        numberAt: (position, column) => {
          const c = columnAt.get(column);
          return c === undefined ? undefined : data.numbers[job.rows[position]]?.[c];
        },
        now: job.now,
      });
      return answer(result);
    },
  };
}
