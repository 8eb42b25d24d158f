// src/workers/internals.ts reads internals of docxtemplater (a compiled part rendered again per
// row) and pizzip (a part's stored compressed bytes). package.json pins both to the minors the
// adapter names; these tests fail loudly when an upgrade changes any of it.
import { describe, expect, it } from 'vitest';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import pako from 'pako/dist/pako.es5.min.js';
import { createRequire } from 'node:module';
import {
  renderPart,
  storedPart,
  templatedPartsModule,
  textSetSince,
  WRITTEN_FOR,
} from '../../../src/workers/internals';
import { mergeDocuments } from '../../../src/workers/merge/mergeDocuments';
import { crc32 } from '../../../src/domain/zip/crc32';
import { TEMPLATE_OPTIONS } from '../../../src/workers/template/compile';
import { buildDocx, paragraph, textOf } from './docxBuilder';

const versionOf = (name: string) =>
  (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;

describe('library internals the generator relies on', () => {
  it.each(Object.entries(WRITTEN_FOR))(
    '%s is the minor the adapter was written against (re-check the internals below before moving the pin)',
    (name, minor) => {
      expect(versionOf(name).startsWith(minor)).toBe(true);
    },
  );

  it('keeps compiled parts that render again with a fresh scope', () => {
    const doc = new Docxtemplater(
      new PizZip(buildDocx({ body: paragraph('Halo {nama}'), header: paragraph('No {nomor}') })),
      TEMPLATE_OPTIONS,
    );
    const internals = doc as unknown as Record<string, unknown> & {
      compiled: Record<string, Record<string, unknown> & { render(to: string): unknown }>;
      scopeManagers: Record<string, unknown>;
      getScopeManager(to: string, part: unknown, data: unknown): unknown;
    };
    expect(Object.keys(internals.compiled)).toEqual(
      expect.arrayContaining(['word/document.xml', 'word/header1.xml']),
    );
    expect(typeof internals.scopeManagers).toBe('object');
    expect(typeof internals.getScopeManager).toBe('function');
    const part = internals.compiled['word/document.xml'];
    expect(typeof part.render).toBe('function');
    expect(Array.isArray(part.allErrors)).toBe(true);

    const texts = ['Budi', 'Sari'].map((nama) => {
      delete internals.scopeManagers['word/document.xml'];
      part.scopeManager = internals.getScopeManager('word/document.xml', part, { nama });
      part.allErrors = [];
      part.render('word/document.xml');
      const content = part.content;
      delete part.content;
      expect(content).toBeInstanceOf(Uint8Array);
      return textOf(new TextDecoder().decode(content as Uint8Array));
    });
    expect(texts).toEqual(['Halo Budi', 'Halo Sari']);
  });

  it('templates a part it does not pick by content type once a module adds it to doc.targets', () => {
    const zip = new PizZip(buildDocx({ body: paragraph('Halo {nama}') }));
    zip.file(
      'word/endnotes.xml',
      '<w:endnotes xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:endnote w:id="1"><w:p><w:r><w:t>Catatan {nama}</w:t></w:r></w:p></w:endnote></w:endnotes>',
    );
    const plain = new Docxtemplater(
      new PizZip(zip.generate({ type: 'uint8array' })),
      TEMPLATE_OPTIONS,
    );
    expect(Object.keys((plain as unknown as { compiled: object }).compiled)).not.toContain(
      'word/endnotes.xml',
    );
    const doc = new Docxtemplater(zip, {
      ...TEMPLATE_OPTIONS,
      modules: [templatedPartsModule(['word/endnotes.xml'])],
    });
    const text = new TextDecoder().decode(renderPart(doc, 'word/endnotes.xml', { nama: 'Budi' }));
    expect(textOf(text)).toBe('Catatan Budi');
  });

  it('reports a failed render through allErrors with its id and no content', () => {
    const doc = new Docxtemplater(
      new PizZip(buildDocx({ body: paragraph('Halo {nama}') })),
      TEMPLATE_OPTIONS,
    );
    const internals = doc as unknown as {
      compiled: Record<
        string,
        {
          render(to: string): unknown;
          scopeManager: unknown;
          content?: unknown;
          allErrors: { properties?: { id?: string } }[];
        }
      >;
      scopeManagers: Record<string, unknown>;
      getScopeManager(to: string, part: unknown, data: unknown): unknown;
    };
    const part = internals.compiled['word/document.xml'];
    part.scopeManager = internals.getScopeManager('word/document.xml', part, { nama: 'x\u0001' });
    part.allErrors = [];
    // Before the first render, content is the template's own text (renderPart clears it).
    expect(typeof part.content).toBe('string');
    delete part.content;
    part.render('word/document.xml');
    expect(part.content).toBeUndefined();
    expect(part.allErrors[0]?.properties?.id).toBe('invalid_xml_characters');
  });

  it('renderPart renders a compiled part again per row and leaves it ready for the next', () => {
    const doc = new Docxtemplater(
      new PizZip(buildDocx({ body: paragraph('Halo {nama}') })),
      TEMPLATE_OPTIONS,
    );
    const text = (nama: string) =>
      textOf(new TextDecoder().decode(renderPart(doc, 'word/document.xml', { nama })));
    expect([text('Budi'), text('Sari'), text('Budi')]).toEqual([
      'Halo Budi',
      'Halo Sari',
      'Halo Budi',
    ]);
    expect(() => renderPart(doc, 'word/document.xml', { nama: 'x\u0001' })).toThrow(
      'the value for {nama} holds a control character (U+0001) that a Word document cannot contain',
    );
    expect(text('Dewi')).toBe('Halo Dewi');
  });

  it("pizzip keeps a read part's compressed bytes and CRC, and the text of a part set since", () => {
    const zip = new PizZip(buildDocx({ body: paragraph('Halo {nama}') }));
    const file = zip.file('word/document.xml')!;
    const stored = storedPart(file);
    expect(stored).not.toBeNull();
    const content = file.asUint8Array();
    const inflated = stored!.method === 8 ? pako.inflateRaw(stored!.data) : stored!.data;
    expect(inflated).toEqual(content);
    expect(stored!.size).toBe(content.length);
    // pizzip keeps the CRC as a signed 32-bit number; the zip holds its 32 bits.
    expect(stored!.crc >>> 0).toBe(crc32(content));
    expect(textSetSince(file)).toBeNull();
    zip.file('word/document.xml', '<w:document/>');
    const changed = zip.file('word/document.xml')!;
    expect(storedPart(changed)).toBeNull();
    expect(textSetSince(changed)).toBe('<w:document/>');
  });

  it('the merge built on them fills every row', async () => {
    const result = await mergeDocuments({
      template: buildDocx({ body: paragraph('Halo {nama}') }),
      rows: [
        { a: 'Budi', b: 'x' },
        { a: 'Sari', b: 'y' },
      ],
      mapping: { nama: 'a' },
    });
    const document = new PizZip(result.bytes).files['word/document.xml'].asText();
    expect(textOf(document)).toBe('Halo BudiHalo Sari');
  });
});
