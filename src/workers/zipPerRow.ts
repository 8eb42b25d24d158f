// 'One file per row (.zip)': each row with enough data fills the template on its own and the
// documents are packed in a zip. The template is compiled once (compileTemplate) and its templated
// parts rendered again per row with the merge's own renderPart: merging each row with
// mergeDocuments recompiled the template every time, 13× the time of the merged document at
// 10,000 rows (npm run bench).
import PizZip from 'pizzip';
import { safeFileBase, uniqueFileNames } from '../domain/outputFileName';
import { localDateStamp } from './fileNames';
import { renderPart, type MergeProgress } from './mergeDocuments';
import { hasEnoughData, rowValues } from './rowData';
import { compileTemplate, type CompiledTemplate } from './template';

export interface ZipPerRowArgs {
  template: ArrayBuffer;
  rows: Record<string, string>[];
  /** placeholder → row key. */
  mapping: Record<string, string>;
  /** Per row, the text its file is named by ('' → 'Row n'). */
  names: string[];
  /** Row numbers as the preview shows them, for names and messages. */
  rowNumbers: number[];
  onProgress?: (progress: MergeProgress) => void;
  now?: Date;
}

export interface ZipPerRowResult {
  buffer: ArrayBuffer;
  fileName: string;
  files: number;
  skipped: number;
}

const PROGRESS_MS = 100;

export function zipFileName(now: Date): string {
  return `Invoices_${localDateStamp(now)}.zip`;
}

function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The parts that hold placeholders: the only ones that differ from row to row. */
function templatedParts(template: CompiledTemplate): string[] {
  const compiled = (template.doc as unknown as { compiled: Record<string, unknown> }).compiled;
  return Object.keys(compiled).filter((file) =>
    (template.trees.get(file) ?? []).some((part) => part.type === 'placeholder'),
  );
}

/** One .docx per row in one zip; the same skip rule (2 filled values) and error texts as the merge. */
export async function zipPerRow(args: ZipPerRowArgs): Promise<ZipPerRowResult> {
  const { rows, onProgress } = args;
  const total = rows.length;
  const kept: number[] = [];
  for (let i = 0; i < total; i++) if (hasEnoughData(rows[i])) kept.push(i);
  const skipped = total - kept.length;
  if (kept.length === 0) {
    throw new Error('Failed to create merged document: no selected row has at least 2 non-empty values');
  }
  const names = uniqueFileNames(
    kept.map((i) => safeFileBase(args.names[i] ?? '', `Row ${args.rowNumbers[i] ?? i + 1}`)),
    '.docx',
  );
  const template = compileTemplate(args.template);
  const parts = templatedParts(template);
  const zip = new PizZip();
  const failures: string[] = [];
  let lastReport = Date.now();
  onProgress?.({ processed: 0, total });
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k];
    if (Date.now() - lastReport >= PROGRESS_MS) {
      onProgress?.({ processed: i, total });
      lastReport = Date.now();
    }
    try {
      const values = rowValues(rows[i], args.mapping);
      // The template's own zip takes this row's parts; its other entries stay compressed as they are.
      for (const part of parts) template.zip.file(part, renderPart(template.doc, part, values));
      const document = template.zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
      // A .docx is already deflated: stored as it is, the zip is built much faster.
      zip.file(names[k], document, { binary: true, compression: 'STORE' });
    } catch (error) {
      failures.push(`Row ${args.rowNumbers[i] ?? i + 1}: ${failureText(error)}`);
    }
  }
  onProgress?.({ processed: total, total });
  if (failures.length > 0) throw new Error(`Some documents failed to generate:\n${failures.join('\n')}`);
  const buffer = zip.generate({ type: 'arraybuffer', compression: 'STORE' });
  return { buffer, fileName: zipFileName(args.now ?? new Date()), files: kept.length, skipped };
}
