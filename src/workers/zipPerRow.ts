// 'One file per row (.zip)': each row with enough data is merged on its own with the template
// (mergeDocuments on one row, so the document is exactly that row's section) and packed in a zip.
import PizZip from 'pizzip';
import { safeFileBase, uniqueFileNames } from '../domain/outputFileName';
import { localDateStamp } from './fileNames';
import { mergeDocuments, type MergeProgress } from './mergeDocuments';
import { hasEnoughData } from './rowData';

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
  const message = error instanceof Error ? error.message : String(error);
  // A one-row merge reports 'Some documents failed to generate:\nRow n: …'; keep the row's line.
  return message.replace(/^Some documents failed to generate:\n/, '');
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
  const zip = new PizZip();
  const failures: string[] = [];
  let lastReport = Date.now();
  onProgress?.({ processed: 0, total });
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k];
    if (Date.now() - lastReport >= PROGRESS_MS) {
      // Skipped rows count as processed, as in the merge.
      onProgress?.({ processed: i, total });
      lastReport = Date.now();
    }
    try {
      const result = await mergeDocuments({
        template: args.template,
        rows: [rows[i]],
        mapping: args.mapping,
        rowNumbers: [args.rowNumbers[i] ?? i + 1],
        now: args.now,
      });
      // A .docx is already deflated: stored as it is, the zip is built much faster.
      zip.file(names[k], new Uint8Array(result.buffer), { binary: true, compression: 'STORE' });
    } catch (error) {
      failures.push(failureText(error));
    }
  }
  onProgress?.({ processed: total, total });
  if (failures.length > 0) throw new Error(`Some documents failed to generate:\n${failures.join('\n')}`);
  const buffer = zip.generate({ type: 'arraybuffer', compression: 'STORE' });
  return { buffer, fileName: zipFileName(args.now ?? new Date()), files: kept.length, skipped };
}
