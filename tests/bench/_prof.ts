import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '/work/wt/pdfclient/src/workers/generatorApi';
const name = process.argv[2];
const bytes = readFileSync(name);
const rows = 3000;
const api = createGeneratorApi();
const copy = () => bytes.slice().buffer;
const { placeholders, fieldFormats } = await api.analyseTemplate(copy());
const header = [...placeholders, 'N'];
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...Array.from({length: rows}, (_, i) => header.map((h) => `${h} ${i}`))]), 'Data');
await api.readWorkbook(XLSX.write(book, { type: 'array', bookType: 'xlsx' }));
const z = new PizZip(bytes); console.log(Object.keys(z.files).map(f => f + ':' + (z.files[f] as any)._data?.uncompressedSize).join(' '));
for (let r = 0; r < 3; r++) {
const t0 = performance.now();
const res = await api.generate({ template: copy(), data: { file: null, sheet: 'Data' }, rows: Uint32Array.from({ length: rows }, (_, i) => i), mapping: Object.fromEntries(placeholders.map((f) => [f, f])), formats: { ...fieldFormats }, output: { kind: 'zip', nameColumn: 'N' } });
console.log('zip', performance.now() - t0, res.file.size ?? '');
}
