import { createGeneratorApi } from '../../src/workers/generatorApi';
import { picturesTemplate, picturesWorkbook } from './pictures';
import { STATIC_QRIS } from '../support/qris';
import { useNodeQrThreads } from '../support/qrThreads';
useNodeQrThreads(false, 0);
const rows = 10_000;
const kind = process.env.K ?? 'merged';
const api = createGeneratorApi();
await api.readWorkbook(picturesWorkbook(rows));
for (let r = 0; r < 6; r++) for (const withPictures of [false, true]) {
  const mapping: Record<string, string> = { Nomor: 'Nomor', Nama: 'Nama', Total: 'Total' };
  if (withPictures) mapping['qris:Total'] = 'Total';
  const t0 = performance.now();
  await api.generate({ template: picturesTemplate(withPictures), data: { file: null, sheet: 'Tagihan' }, rows: Uint32Array.from({ length: rows }, (_, i) => i), mapping, formats: {}, output: kind === 'zip' ? { kind: 'zip', nameColumn: 'Nomor' } : { kind: 'merged' }, ...(withPictures ? { qris: { payload: STATIC_QRIS, invoiceColumn: 'Nomor' } } : {}) });
  console.log(kind, withPictures, (performance.now() - t0).toFixed(0), 'ms');
}
