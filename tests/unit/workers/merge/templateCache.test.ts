// The worker compiles a template once per (template, mapping, formats): previews and the merge
// reuse it, and nothing a run does (a success, a failing row) changes what it holds. A cancel ends
// the worker, and the cache with it (bridge.test.ts).
import { describe, expect, it } from 'vitest';
import { createTemplateCache } from '../../../../src/workers/merge/templateCache';
import { mergeDocuments } from '../../../../src/workers/merge/mergeDocuments';
import { zipPerRow } from '../../../../src/workers/merge/zipPerRow';
import {
  prepareMergeTemplate,
  type MergeTemplate,
} from '../../../../src/workers/merge/mergeTemplate';
import type { CompiledTemplate } from '../../../../src/workers/template';
import PizZip from 'pizzip';
import { buildDocx, paragraph, textOf } from '../docxBuilder';

// Each template is built once and handed out as copies: a zip carries the time it was written, so
// two builds a second apart would differ in bytes that the merge copies as they are.
const built = new Map<string, ReturnType<typeof buildDocx>>();
const letterhead = (word = 'Tagihan') => {
  if (!built.has(word))
    built.set(
      word,
      buildDocx({
        body: paragraph(`${word} {nama}`),
        header: paragraph('No {nomor}'),
        footer: paragraph('Kota {kota}'),
      }),
    );
  return built.get(word)!.slice(0);
};
const mapping = { nama: 'Nama', nomor: 'Nomor', kota: 'Kota' };
const rows = [
  { Nama: 'Budi', Nomor: 'INV-1', Kota: 'Bandung' },
  { Nama: 'Sari', Nomor: 'INV-2', Kota: 'Medan' },
  { Nama: 'Tono', Nomor: 'INV-3', Kota: 'Bandung' },
];
const now = new Date(2024, 5, 1);
const bytesOf = (buffer: ArrayBuffer) => new Uint8Array(buffer);
const source = () => ({ template: letterhead(), mapping, formats: {} });

/** The rows merged through `template` (a cached compile, or a fresh one by default), as bytes. */
async function merged(template: MergeTemplate = prepareMergeTemplate(letterhead())) {
  return bytesOf((await mergeDocuments({ template, rows, mapping, now })).bytes);
}

/** The rows zipped one file per row through a compiled template, as bytes. */
async function zipped(template: CompiledTemplate) {
  const names = ['a', 'b', 'c'];
  return bytesOf(
    await (
      await zipPerRow({ template, rows, mapping, names, rowNumbers: [1, 2, 3], now })
    ).bytes.arrayBuffer(),
  );
}

describe('the compiled-template cache', () => {
  it('compiles a template once for the same bytes, mapping and formats (a fresh copy of the file too)', async () => {
    const cache = createTemplateCache();
    const file = letterhead();
    const first = await cache.forMerge({ template: file, mapping, formats: {} });
    const again = await cache.forMerge({ template: file.slice(0), mapping, formats: {} });
    expect(again).toBe(first);
    expect(cache.compiles).toBe(1);
  });

  it('compiles again for a changed template, mapping or format, and merges with the new one', async () => {
    const cache = createTemplateCache();
    const source = { template: letterhead('Tagihan'), mapping, formats: {} };
    const first = await cache.forMerge(source);
    // Same length, other text: only the bytes tell them apart.
    const other = await cache.forMerge({ ...source, template: letterhead('Tagihen') });
    expect(other).not.toBe(first);
    const { bytes: buffer } = await mergeDocuments({ template: other, rows, mapping, now });
    const body = textOf(new PizZip(buffer).file('word/document.xml')!.asText());
    expect(body).toBe('Tagihen BudiTagihen SariTagihen Tono');
    await cache.forMerge({ ...source, mapping: { ...mapping, kota: 'Nama' } });
    await cache.forMerge({
      ...source,
      mapping: { ...mapping, kota: 'Nama' },
      formats: { nama: 'upper' },
    });
    expect(cache.compiles).toBe(4);
  });

  it('keeps one compile per kind: the zip has its own', async () => {
    const cache = createTemplateCache();
    await cache.forMerge(source());
    const zip = await cache.forZip(source());
    expect(await cache.forZip(source())).toBe(zip);
    await cache.forMerge(source());
    expect(cache.compiles).toBe(2);
  });

  it('a merge leaves the cached template as it was: every run gives what a fresh compile gives', async () => {
    const cache = createTemplateCache();
    const fresh = await merged();
    for (let run = 0; run < 3; run++)
      expect(await merged(await cache.forMerge(source()))).toEqual(fresh);
    const zip = await zipped(await cache.forZip(source()));
    expect(await zipped(await cache.forZip(source()))).toEqual(zip);
  });

  it('a run with a failing row leaves no trace in the cached template', async () => {
    const cache = createTemplateCache();
    const fresh = await merged();
    await expect(
      mergeDocuments({
        template: await cache.forMerge(source()),
        rows: [rows[0], { Nama: 'x\u0001', Nomor: 'INV-9', Kota: 'Bogor' }],
        mapping,
        now,
      }),
    ).rejects.toThrow('Row 2: the value for {nama} holds a control character');
    expect(await merged(await cache.forMerge(source()))).toEqual(fresh);
    expect(cache.compiles).toBe(1);
  });
});
