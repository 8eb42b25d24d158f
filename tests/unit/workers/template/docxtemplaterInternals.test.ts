// mergeDocuments renders docxtemplater's compiled parts itself, once per row (the template is
// parsed once, not once per row). That leans on internals docxtemplater does not document:
// doc.compiled[file] (an XmlTemplater with render(to), scopeManager, content, allErrors),
// doc.scopeManagers and doc.getScopeManager(to, part, data). package.json pins docxtemplater to
// its minor (~3.71.x); this test fails loudly when an upgrade changes any of it.
import { describe, expect, it } from 'vitest';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { createRequire } from 'node:module';
import { RENDER_INTERNALS } from '../../../../src/workers/merge/mergeDocuments';
import { mergeDocuments } from '../../../../src/workers/merge/mergeDocuments';
import { TEMPLATE_OPTIONS } from '../../../../src/workers/template/compile';
import { buildDocx, paragraph, textOf } from '../docxBuilder';

const { version } = createRequire(import.meta.url)('docxtemplater/package.json') as {
  version: string;
};

describe('docxtemplater internals the merge relies on', () => {
  it('is the minor the merge was written against (re-check the internals below before moving the pin)', () => {
    expect(version).toMatch(/^3\.71\./);
  });

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
    expect(RENDER_INTERNALS).toEqual([
      'compiled',
      'scopeManagers',
      'getScopeManager',
      'render',
      'content',
      'allErrors',
    ]);
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

  it('the merge built on them fills every row', async () => {
    const result = await mergeDocuments({
      template: buildDocx({ body: paragraph('Halo {nama}') }),
      rows: [
        { a: 'Budi', b: 'x' },
        { a: 'Sari', b: 'y' },
      ],
      mapping: { nama: 'a' },
    });
    const document = new PizZip(result.buffer).files['word/document.xml'].asText();
    expect(textOf(document)).toBe('Halo BudiHalo Sari');
  });
});
