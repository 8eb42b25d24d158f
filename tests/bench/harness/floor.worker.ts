/// <reference lib="webworker" />
// The floor the merge is compared with, run in its own worker of the same browser: one
// docxtemplater render of all rows in a single {#rows}…{/rows} loop, and SheetJS's own read.
import * as Comlink from 'comlink';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';

const api = {
  /** Renders the loop template once with every row; returns the output size. */
  renderLoop(template: ArrayBuffer, rows: Record<string, string>[]): number {
    const doc = new Docxtemplater(new PizZip(template), {
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => '',
    });
    doc.render({ rows });
    const out = doc.getZip().generate({ type: 'arraybuffer', compression: 'DEFLATE' });
    return out.byteLength;
  },
  /** SheetJS's own read of the first sheet into row objects (what the screen needs), returned to the page. */
  readRows(buffer: ArrayBuffer): { rows: Record<string, unknown>[]; parseMs: number } {
    const t0 = performance.now();
    const workbook = XLSX.read(buffer, { type: 'array', dense: true });
    const parseMs = performance.now() - t0;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      workbook.Sheets[workbook.SheetNames[0]],
      { defval: '' },
    );
    return { rows, parseMs };
  },
};

Comlink.expose(api);
export type FloorApi = typeof api;
