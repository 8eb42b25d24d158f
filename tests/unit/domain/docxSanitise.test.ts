import { deflateRawSync, inflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { DocxRefusedError, sanitiseDocx, type SanitiseMode } from '../../../src/domain/docx';
import {
  buildPackage,
  complexField,
  drawing,
  hyperlink,
  linkedDocument,
  linkedObject,
  paragraph,
  png,
  run,
  type Relation,
} from '../../support/linkedDocx';

const codec = {
  inflateRaw: (data: Uint8Array, max: number) =>
    inflateRawSync(data, { maxOutputLength: Math.max(1, max) }),
  deflateRaw: (data: Uint8Array) => deflateRawSync(data),
};
const LISTENER = 'http://127.0.0.1:9/x';

function sanitise(bytes: Uint8Array, mode: SanitiseMode = 'pdf', maxUnpackedBytes = 50e6) {
  const result = sanitiseDocx(bytes, { mode, codec, maxUnpackedBytes });
  const zip = new PizZip(result.bytes);
  const part = (name: string) => zip.file(name)?.asText() ?? '';
  return {
    ...result,
    zip,
    document: part('word/document.xml'),
    rels: part('word/_rels/document.xml.rels'),
    part,
  };
}

function refusal(bytes: Uint8Array | Buffer, maxUnpackedBytes = 50e6): string {
  try {
    sanitiseDocx(bytes, { mode: 'pdf', codec, maxUnpackedBytes });
  } catch (error) {
    if (error instanceof DocxRefusedError) return error.reason;
    throw error;
  }
  return 'accepted';
}

const withBody = (body: string, relations: Relation[] = [], parts: Record<string, Buffer> = {}) =>
  buildPackage({ body, relations, parts });
const picture = { 'word/media/own.png': png(3, 2, [1, 2, 3]) };
const own: Relation = { id: 'rIdOwn', type: 'image', target: 'media/own.png' };
const external = (id: string, type: string, target = LISTENER): Relation => ({
  id,
  type,
  target,
  external: true,
});

describe('links that would be followed', () => {
  test('a picture linked over http, with no saved copy, is removed with its drawing', () => {
    const out = sanitise(
      withBody(`<w:p>${drawing({ link: 'rIdHttp' })}</w:p>${paragraph('kept')}`, [
        external('rIdHttp', 'image'),
      ]),
    );
    expect(out.rels).not.toContain(LISTENER);
    expect(out.document).not.toContain('<w:drawing>');
    expect(out.document).toContain('kept');
  });

  test('a linked picture with a saved copy keeps the copy and loses the link', () => {
    const out = sanitise(
      withBody(
        `<w:p>${drawing({ embed: 'rIdOwn', link: 'rIdHttp' })}</w:p>`,
        [own, external('rIdHttp', 'image')],
        picture,
      ),
    );
    expect(out.document).toMatch(/<a:blip r:embed="rIdOwn"\s*\/>/);
    expect(out.rels).toContain('media/own.png');
    expect(out.rels).not.toContain(LISTENER);
  });

  test('a file:// picture of a server file is removed', () => {
    const out = sanitise(
      withBody(`<w:p>${drawing({ link: 'rIdFile' })}</w:p>`, [
        external('rIdFile', 'image', 'file:///etc/secret.png'),
      ]),
    );
    expect(out.rels).not.toContain('file:');
    expect(out.document).not.toContain('<w:drawing>');
  });

  test('an internal relationship whose target is a URL is dropped like an external one', () => {
    const out = sanitise(
      withBody(`<w:p>${drawing({ embed: 'rIdSneaky' })}</w:p>`, [
        { id: 'rIdSneaky', type: 'image', target: 'file:///etc/secret.png' },
      ]),
    );
    expect(out.rels).not.toContain('secret');
    expect(out.document).not.toContain('rIdSneaky');
  });

  test.each([
    ['INCLUDETEXT "/etc/passwd"', 'Included as saved'],
    ['includetext "/etc/passwd" \\c AnsiText', 'Lower-case keyword'],
    ['LINK Excel.Sheet.12 "http://127.0.0.1:9/book.xlsx" "Sheet1!R1C1" \\a', 'Link as saved'],
    ['DDE Excel "C:\\\\book.xls" "R1C1"', 'DDE as saved'],
    ['DDEAUTO "cmd" "/c calc"', 'DDEAUTO as saved'],
    ['DATABASE \\d "C:\\\\data.mdb" \\s "select *"', 'Database as saved'],
  ])('the field %s keeps only its saved result', (instruction, result) => {
    const out = sanitise(
      withBody(
        `<w:p>${run('before ')}${complexField(instruction, run(result))}${run(' after')}</w:p>`,
      ),
    );
    expect(out.document).not.toContain('instrText');
    expect(out.document).not.toContain('fldChar');
    expect(out.document).toContain(result);
    expect(out.document).toContain('before ');
    expect(out.report.fields).toBe(1);
  });

  test('INCLUDEPICTURE of a URL keeps its saved picture', () => {
    const field = complexField(
      `INCLUDEPICTURE "${LISTENER}/p.png" \\d`,
      drawing({ embed: 'rIdOwn' }),
    );
    const out = sanitise(withBody(`<w:p>${field}</w:p>`, [own], picture));
    expect(out.document).not.toContain(LISTENER);
    expect(out.document).toContain('r:embed="rIdOwn"');
  });

  test('a simple field that fetches is unwrapped to its result', () => {
    const out = sanitise(
      withBody(
        `<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;/etc/passwd&quot; ">${run('Saved result')}</w:fldSimple></w:p>`,
      ),
    );
    expect(out.document).not.toContain('fldSimple');
    expect(out.document).toContain('Saved result');
  });

  test('an instruction spelt with character references or split over runs is still recognised', () => {
    const split = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>INCL</w:instrText></w:r><w:r><w:instrText>&#x55;DETEXT "/etc/passwd"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('Result')}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const out = sanitise(withBody(`<w:p>${split}</w:p>`));
    expect(out.document).not.toContain('instrText');
    expect(out.document).toContain('Result');
  });

  test('a keyword made by a nested field counts: { {QUOTE "INCLUDE"}TEXT "x" }', () => {
    const nested = complexField('QUOTE "INCLUDE"', run('INCLUDE'));
    const outer = `<w:r><w:fldChar w:fldCharType="begin"/></w:r>${nested}<w:r><w:instrText>TEXT "/etc/passwd"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('Outer result')}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const out = sanitise(withBody(`<w:p>${outer}</w:p>`));
    expect(out.document).not.toContain('fldChar');
    expect(out.document).not.toContain('INCLUDE');
    expect(out.document).toContain('Outer result');
  });

  test('fields that read nothing (PAGE, MERGEFIELD) are left alone', () => {
    const body = `<w:p>${complexField('PAGE', run('1'))}${complexField('MERGEFIELD Name', run('«Name»'))}</w:p>`;
    const out = sanitise(withBody(body));
    expect(out.document).toContain(' PAGE ');
    expect(out.document).toContain('MERGEFIELD Name');
    expect(out.report.fields).toBe(0);
  });

  test('a linked OLE object becomes its saved picture', () => {
    const out = sanitise(
      withBody(
        `<w:p>${linkedObject('rIdOwn', 'rIdLink')}</w:p>`,
        [own, external('rIdLink', 'oleObject')],
        picture,
      ),
      'document',
    );
    expect(out.document).not.toContain('OLEObject');
    expect(out.document).toContain('<v:imagedata r:id="rIdOwn"');
    expect(out.rels).not.toContain(LISTENER);
  });

  test('the attached template, style linking, field updates and mail-merge source are removed', () => {
    const out = sanitise(
      buildPackage({
        body: paragraph('x'),
        settingsRelations: [external('rIdTemplate', 'attachedTemplate', `${LISTENER}/t.dotx`)],
      }),
    );
    const settings = out.part('word/settings.xml');
    expect(settings).not.toMatch(/attachedTemplate|linkStyles|updateFields/);
    expect(out.part('word/_rels/settings.xml.rels')).not.toContain(LISTENER);
  });

  test('an alternative-format chunk (HTML with links of its own) is removed', () => {
    const out = sanitise(
      withBody(
        '<w:altChunk r:id="rIdChunk"/>' + paragraph('x'),
        [{ id: 'rIdChunk', type: 'aFChunk', target: 'chunk.htm' }],
        {
          'word/chunk.htm': Buffer.from('<html><img src="http://127.0.0.1:9/x.png"></html>'),
        },
      ),
    );
    expect(out.document).not.toContain('altChunk');
    expect(out.rels).not.toContain('chunk.htm');
    expect(out.zip.file('word/chunk.htm')).toBeNull();
  });

  test('hyperlinks stay links, and no picture may borrow a hyperlink relationship', () => {
    const body = `<w:p>${hyperlink('rIdLink', 'Portal')}</w:p><w:p>${drawing({ link: 'rIdLink' })}</w:p>`;
    const out = sanitise(
      withBody(body, [external('rIdLink', 'hyperlink', 'https://example.com/portal')]),
    );
    expect(out.rels).toContain('https://example.com/portal');
    expect(out.document).toContain('<w:hyperlink r:id="rIdLink">');
    expect(out.document).not.toContain('r:link');
    expect(out.document).not.toContain('<w:drawing>');
  });

  test('other prefixes for the same namespaces and entity-spelt modes change nothing', () => {
    const doc = buildPackage({
      body: `<w:p xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:r><w:drawing><a:blip rel:link="rIdHttp"/></w:drawing></w:r></w:p>`,
    });
    const zip = new PizZip(doc);
    zip.file(
      'word/_rels/document.xml.rels',
      `<x:Relationships xmlns:x="http://schemas.openxmlformats.org/package/2006/relationships"><x:Relationship Id="rIdHttp" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${LISTENER}" TargetMode="&#x45;xternal"/></x:Relationships>`,
    );
    const out = sanitise(zip.generate({ type: 'uint8array', compression: 'DEFLATE' }));
    expect(out.rels).not.toContain(LISTENER);
    expect(out.document).not.toContain('rel:link');
  });

  test('the whole linked document: every link gone, every saved result and picture kept', () => {
    const out = sanitise(
      linkedDocument({ listener: LISTENER, serverImage: '/srv/a.png', serverText: '/srv/a.txt' }),
    );
    const everything = Object.keys(out.zip.files)
      .map((name) => out.zip.file(name)!.asText())
      .join('\n');
    expect(everything).not.toContain('/srv/');
    expect(everything.match(/127\.0\.0\.1:9/g)).toEqual(['127.0.0.1:9']); // the hyperlink only
    for (const text of [
      'Invoice body text stays',
      'Included text as saved',
      'DDE result as saved',
      'Click here for the portal',
    ])
      expect(out.document).toContain(text);
    for (const id of ['rIdOwnPicture', 'rIdCachedPicture', 'rIdOlePreview'])
      expect(out.document).toContain(id);
  });

  test('a document without links comes out with the same parts', () => {
    const input = withBody(
      `<w:p>${drawing({ embed: 'rIdOwn' })}</w:p>${paragraph('plain')}`,
      [own],
      picture,
    );
    const out = sanitise(input);
    const before = new PizZip(input);
    expect(out.document).toBe(before.file('word/document.xml')!.asText());
    expect(out.report).toEqual({
      fields: 0,
      elements: 0,
      attributes: 0,
      relationships: 0,
      parts: 0,
    });
    expect(out.notes).toEqual([]);
  });
});

describe('bodies that are not a Word package', () => {
  const odt = () => {
    const zip = new PizZip();
    zip.file('mimetype', 'application/vnd.oasis.opendocument.text');
    zip.file('content.xml', '<office:document-content/>');
    return zip.generate({ type: 'uint8array' });
  };
  test.each([
    [
      'a flat OpenDocument file',
      Buffer.from(
        '<?xml version="1.0"?><office:document office:mimetype="application/vnd.oasis.opendocument.text"/>',
      ),
      'notZip',
    ],
    [
      'an HTML page',
      Buffer.from('<html><body><img src="http://127.0.0.1:9/x.png"></body></html>'),
      'notZip',
    ],
    ['garbage', Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]), 'notZip'],
    ['an empty body', Buffer.alloc(0), 'notZip'],
    ['a renamed .odt', odt(), 'notDocx'],
    ['a truncated zip', withBody(paragraph('x')).subarray(0, 200), 'damaged'],
  ])('%s is refused', (_, bytes, reason) => {
    expect(refusal(bytes)).toBe(reason);
  });

  test('a package whose main part is not WordprocessingML is refused', () => {
    const zip = new PizZip(withBody(paragraph('x')));
    const types = zip
      .file('[Content_Types].xml')!
      .asText()
      .replace('wordprocessingml.document.main', 'spreadsheetml.sheet.main');
    zip.file('[Content_Types].xml', types);
    expect(refusal(zip.generate({ type: 'uint8array' }))).toBe('notDocx');
  });

  test('a document type declaration (entity tricks) is refused', () => {
    const zip = new PizZip(withBody(paragraph('x')));
    const xml = zip.file('word/document.xml')!.asText();
    zip.file(
      'word/document.xml',
      xml.replace('?>', '?><!DOCTYPE w:document [<!ENTITY x SYSTEM "file:///etc/passwd">]>'),
    );
    expect(refusal(zip.generate({ type: 'uint8array' }))).toBe('doctype');
  });

  test('a part in UTF-16 that does not decode is refused', () => {
    const zip = new PizZip(withBody(paragraph('x')));
    zip.file('word/extra.xml', Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x00, 0xd8, 0x3e, 0x00]));
    expect(refusal(zip.generate({ type: 'uint8array' }))).toBe('encoding');
  });

  test('two parts with one name in different case are refused', () => {
    const zip = new PizZip(withBody(paragraph('x')));
    zip.file('WORD/document.xml', '<w:document/>');
    expect(refusal(zip.generate({ type: 'uint8array' }))).toBe('damaged');
  });

  test.each(['word\\document.xml', '../evil.xml', '/abs.xml', 'word/./x.xml'])(
    'a part named %s is refused',
    (name) => {
      const zip = new PizZip(withBody(paragraph('x')));
      zip.file(name, '<a/>');
      expect(refusal(zip.generate({ type: 'uint8array' }))).toBe('damaged');
    },
  );

  test('a zip bomb is refused before it is unpacked', () => {
    const zip = new PizZip(withBody(paragraph('x')));
    zip.file('word/bomb.xml', `<a>${' '.repeat(20_000_000)}</a>`);
    const bytes = zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
    expect(bytes.length).toBeLessThan(100_000);
    expect(refusal(bytes, 10_000_000)).toBe('tooLarge');
  });

  test('a part that inflates past its declared size is refused', () => {
    const zip = new PizZip(withBody(paragraph('x')));
    zip.file('word/liar.xml', `<a>${'x'.repeat(100_000)}</a>`);
    const bytes = Buffer.from(zip.generate({ type: 'uint8array', compression: 'DEFLATE' }));
    // Declare 10 bytes in the central directory entry of word/liar.xml.
    const at = bytes.indexOf(
      Buffer.from('word/liar.xml'),
      bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 1, 2]), bytes.length) - 200,
    );
    const central = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 1, 2]), at);
    bytes.writeUInt32LE(10, central + 24);
    expect(refusal(bytes)).toBe('damaged');
  });

  test('an encrypted entry is refused', () => {
    const bytes = Buffer.from(withBody(paragraph('x')));
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
    bytes.writeUInt16LE(bytes.readUInt16LE(central + 8) | 1, central + 8);
    expect(refusal(bytes)).toBe('encrypted');
  });
});
