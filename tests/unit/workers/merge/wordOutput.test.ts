// What the merge writes from Word's own mail-merge templates (issue 31, "Clean Word output"):
// no data source left for Word to query, every IF evaluated (a simple field inside a complex
// field's instruction included), notes filled per section. Real files, see
// tests/fixtures/mailmerge/README.md; the output opened with pizzip and its parts read.
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { analyseTemplate } from '../../../../src/workers/template';
import { fixture, generate, NOTE_ROWS, withComment, withEndnote } from './wordTemplates';

/** The text of each section of a document part (sections end with a sectPr). */
function sectionTexts(xml: string): string[] {
  const body = xml.slice(xml.indexOf('<w:body'), xml.lastIndexOf('</w:body>'));
  return body
    .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
    .map((section) =>
      [...section.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>|<\/w:p>/g)]
        .map((m) => m[1] ?? '\n')
        .join('')
        .trim(),
    )
    .filter((text, i, all) => text !== '' || i < all.length - 1);
}

/** Every way a package could still point at Word's mail-merge source or recompute fields. */
function dataSourceTraces(docx: PizZip): string[] {
  const traces: string[] = [];
  for (const [name, file] of Object.entries(docx.files)) {
    if (file.dir) continue;
    if (/recipientData/i.test(name)) traces.push(`part ${name}`);
    if (!/\.(xml|rels)$/.test(name)) continue;
    const text = file.asText();
    for (const m of text.matchAll(
      /<w:(mailMerge|odso|updateFields|attachedTemplate|linkStyles|dataSource|query|connectString)\b/g,
    ))
      traces.push(`${name}: w:${m[1]}`);
    for (const m of text.matchAll(
      /relationships\/(mailMergeSource|mailMergeHeaderSource|recipientData|attachedTemplate)"/g,
    ))
      traces.push(`${name}: ${m[1]} relationship`);
    if (/\.mdb|SELECT \*/i.test(text)) traces.push(`${name}: the source's path or query`);
  }
  return traces;
}

/** Word 2010's template, with what Word writes for a document set to update fields and attached to a .dotm. */
function winwordWithTemplateLinks(): ArrayBuffer {
  const zip = new PizZip(fixture('winword2010.docx'));
  const settings = zip.file('word/settings.xml')!.asText();
  zip.file(
    'word/settings.xml',
    settings.replace(
      /(<w:settings\b[^>]*>)/,
      '$1<w:updateFields w:val="true"/><w:attachedTemplate r:id="rId9"/><w:linkStyles/>',
    ),
  );
  const rels = zip.file('word/_rels/settings.xml.rels')!.asText();
  zip.file(
    'word/_rels/settings.xml.rels',
    rels.replace(
      '</Relationships>',
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="file:///C:\\Users\\Frida\\Templates\\Factuur.dotm" TargetMode="External"/></Relationships>',
    ),
  );
  return zip.generate({ type: 'arraybuffer' });
}

const WINWORD_ROWS = [
  ['Titel', 'Voornaam', 'Achternaam', 'Plaats'],
  ['Ibu', 'Sari', 'Wulandari', 'Bandung'],
  ['Bapak', 'Budi', 'Santoso', 'Medan'],
];

describe("Word's mail-merge data source is not in the output", () => {
  it('the template has one: w:mailMerge with ODSO, the .mdb source, recipient data', () => {
    const template = new PizZip(winwordWithTemplateLinks());
    expect(dataSourceTraces(template)).toEqual(
      expect.arrayContaining([
        'part word/recipientData.xml',
        'word/settings.xml: w:mailMerge',
        'word/settings.xml: w:odso',
        'word/settings.xml: w:updateFields',
        'word/settings.xml: w:attachedTemplate',
        'word/settings.xml: w:linkStyles',
        'word/_rels/settings.xml.rels: mailMergeSource relationship',
        'word/_rels/settings.xml.rels: recipientData relationship',
        'word/_rels/settings.xml.rels: attachedTemplate relationship',
      ]),
    );
  });

  it('the merged .docx has none of it, and keeps its other settings', async () => {
    const merged = new PizZip(await generate(winwordWithTemplateLinks(), WINWORD_ROWS));
    expect(dataSourceTraces(merged)).toEqual([]);
    const settings = merged.file('word/settings.xml')!.asText();
    expect(settings).toMatch(/<w:defaultTabStop\b/);
    expect(merged.file('[Content_Types].xml')!.asText()).not.toMatch(/recipientData/);
    const text = sectionTexts(merged.file('word/document.xml')!.asText()).join('\n');
    expect(text).toContain('Sari');
    expect(text).toContain('Santoso');
  });

  it('no .docx of the zip (one per row) has any of it', async () => {
    const zip = new PizZip(
      await generate(winwordWithTemplateLinks(), WINWORD_ROWS, {
        kind: 'zip',
        nameColumn: 'Voornaam',
      }),
    );
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['Budi.docx', 'Sari.docx']);
    for (const name of names) {
      const docx = new PizZip(zip.file(name)!.asUint8Array());
      expect(dataSourceTraces(docx)).toEqual([]);
      expect(sectionTexts(docx.file('word/document.xml')!.asText()).join('\n')).toContain(
        name.replace('.docx', ''),
      );
    }
  });

  it('Word for Mac 2011 and LibreOffice templates lose their w:mailMerge too', async () => {
    for (const [name, columns] of [
      ['macword2011.docx', ['first_name', 'last_name', 'country', 'state', 'postal_code']],
      ['libreoffice-id.docx', ['Nama Pelanggan', 'Total', 'Tanggal', 'Status']],
    ] as const) {
      const template = fixture(name);
      expect(dataSourceTraces(new PizZip(template))).not.toEqual([]);
      const rows = [[...columns], columns.map((c) => `${c} 1`), columns.map((c) => `${c} 2`)];
      const merged = new PizZip(await generate(template, rows));
      expect(dataSourceTraces(merged), name).toEqual([]);
    }
  });
});

describe('every IF is evaluated', () => {
  it('a simple MERGEFIELD inside an IF inside an IF (docx-mailmerge test_nested_if_inside)', async () => {
    const template = fixture('nested-if-inside.docx');
    expect((await analyseTemplate(template)).notFilled).toEqual([]);
    const merged = new PizZip(
      await generate(template, [
        ['fieldname', 'Nomor'],
        ['one', '1'],
        ['two', '2'],
        ['three', '3'],
      ]),
    );
    const xml = merged.file('word/document.xml')!.asText();
    expect(sectionTexts(xml)).toEqual(['- one -', 'two', 'more: three']);
    expect(xml).not.toMatch(/«|»|MERGEFIELD|w:fldSimple|w:instrText/);
  });

  it('an IF the generator cannot evaluate is named, and its shown result holds the row, not «name»', async () => {
    const zip = new PizZip(fixture('nested-if-inside.docx'));
    const xml = zip.file('word/document.xml')!.asText();
    // `<>` made `<><`: an operator Word does not have either, so the outer IF stays as Word showed it.
    const edited = xml.replace(
      '<w:instrText>&lt;&gt;</w:instrText>',
      '<w:instrText>&lt;&gt;&lt;</w:instrText>',
    );
    expect(edited).not.toBe(xml);
    zip.file('word/document.xml', edited);
    const template = zip.generate({ type: 'arraybuffer' });
    const analysis = await analyseTemplate(template);
    expect(analysis.notFilled).toEqual(['IF']);
    expect(analysis.placeholders).toContain('fieldname');
    const merged = new PizZip(
      await generate(template, [
        ['fieldname', 'Nomor'],
        ['one', '1'],
        ['two', '2'],
      ]),
    );
    const document = merged.file('word/document.xml')!.asText();
    expect(sectionTexts(document)).toEqual(['more: one', 'more: two']);
    // «fieldname» is left only in the field's code (w:instrText), which Word does not show.
    expect(document).not.toMatch(/<w:t\b[^>]*>[^<]*«/);
  });
});

/** A notes part's notes (separators left out): id → text. */
function notesIn(xml: string, kind: 'footnote' | 'endnote'): Map<string, string> {
  const notes = new Map<string, string>();
  for (const m of xml.matchAll(
    new RegExp(`<w:${kind} w:id="(\\d+)"[^>]*>([\\s\\S]*?)</w:${kind}>`, 'g'),
  ))
    if (m[1] !== '0')
      notes.set(
        m[1],
        [...m[2].matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)]
          .map((t) => t[1])
          .join('')
          .trim(),
      );
  return notes;
}

describe('footnotes and endnotes are filled per section', () => {
  it('each section references its own copy of the note, holding its own row', async () => {
    const merged = new PizZip(await generate(withEndnote(), NOTE_ROWS));
    const footnotes = notesIn(merged.file('word/footnotes.xml')!.asText(), 'footnote');
    const endnotes = notesIn(merged.file('word/endnotes.xml')!.asText(), 'endnote');
    const document = merged.file('word/document.xml')!.asText();
    const sections = document
      .slice(document.indexOf('<w:body'))
      .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
      .slice(0, 3);
    const referenced = (section: string, kind: string) =>
      [...section.matchAll(new RegExp(`<w:${kind}Reference w:id="(\\d+)"`, 'g'))].map((m) => m[1]);
    const seen = { footnote: new Set<string>(), endnote: new Set<string>() };
    sections.forEach((section, s) => {
      const [footnote] = referenced(section, 'footnote');
      const [endnote] = referenced(section, 'endnote');
      expect(footnotes.get(footnote), `section ${s + 1}`).toBe(`Merge : note ${s + 1}`);
      expect(endnotes.get(endnote), `section ${s + 1}`).toBe(`Endnote : footer ${s + 1}`);
      seen.footnote.add(footnote);
      seen.endnote.add(endnote);
    });
    expect(seen.footnote.size).toBe(3);
    expect(seen.endnote.size).toBe(3);
    expect(footnotes.size).toBe(3);
    expect(endnotes.size).toBe(3);
    expect(merged.file('word/footnotes.xml')!.asText()).not.toMatch(/«|MERGEFIELD/);
    // Word numbers each row's footnotes from 1, as in the template.
    const sectPrs = document.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g) ?? [];
    expect(sectPrs).toHaveLength(3);
    for (const sectPr of sectPrs)
      expect(sectPr).toMatch(
        /<w:footerReference w:type="first" r:id="[^"]+"\/><w:footnotePr><w:numRestart w:val="eachSect"\/><\/w:footnotePr>/,
      );
  });

  it('a Word comment with a field: each section anchors its own copy, holding its own row', async () => {
    const template = withComment();
    const { placeholders } = await analyseTemplate(template);
    expect(placeholders).toContain('fieldname');
    const merged = new PizZip(await generate(template, NOTE_ROWS));
    const comments = merged.file('word/comments.xml')!.asText();
    const texts = new Map(
      [...comments.matchAll(/<w:comment w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:comment>/g)].map((m) => [
        m[1],
        [...m[2].matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)]
          .map((t) => t[1])
          .join('')
          .trim(),
      ]),
    );
    expect(comments).not.toMatch(/«|MERGEFIELD/);
    const document = merged.file('word/document.xml')!.asText();
    const sections = document
      .slice(document.indexOf('<w:body'))
      .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
      .slice(0, 3);
    const ids = sections.map((section, s) => {
      const marks = ['RangeStart', 'RangeEnd', 'Reference'].map(
        (mark) => new RegExp(`<w:comment${mark} w:id="(\\d+)"`).exec(section)?.[1],
      );
      // The range and the mark of a section name the same comment: its copy with its row.
      expect(new Set(marks).size, `section ${s + 1}`).toBe(1);
      expect(texts.get(marks[0]!), `section ${s + 1}`).toBe(`Catatan : note ${s + 1}`);
      return marks[0];
    });
    expect(new Set(ids).size).toBe(3);
    expect(texts.size).toBe(3);
    // Only the first keeps the paragraph id commentsExtended.xml points at.
    expect(comments.match(/w14:paraId="0C0FFEE1"/g)).toHaveLength(1);
  });

  it('a note without fields stays one note, shared by every section', async () => {
    const zip = new PizZip(fixture('footnote-header-footer.docx'));
    const footnotes = zip.file('word/footnotes.xml')!.asText();
    zip.file(
      'word/footnotes.xml',
      footnotes.replace(
        '</w:footnotes>',
        '<w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Harga termasuk PPN</w:t></w:r></w:p></w:footnote></w:footnotes>',
      ),
    );
    const document = zip.file('word/document.xml')!.asText();
    zip.file(
      'word/document.xml',
      document.replace(
        '<w:t>Page 2</w:t></w:r>',
        '<w:t>Page 2</w:t></w:r><w:r><w:footnoteReference w:id="2"/></w:r>',
      ),
    );
    const merged = new PizZip(await generate(zip.generate({ type: 'arraybuffer' }), NOTE_ROWS));
    const notes = notesIn(merged.file('word/footnotes.xml')!.asText(), 'footnote');
    expect([...notes.values()].filter((text) => text === 'Harga termasuk PPN')).toHaveLength(1);
    expect(notes.get('2')).toBe('Harga termasuk PPN');
    const body = merged.file('word/document.xml')!.asText();
    expect(body.match(/<w:footnoteReference w:id="2"\/>/g)).toHaveLength(3);
    expect(notes.size).toBe(4);
  });

  it('each file of the zip has its own row in its notes', async () => {
    const zip = new PizZip(
      await generate(withEndnote(), NOTE_ROWS, { kind: 'zip', nameColumn: 'fieldname' }),
    );
    for (const n of [1, 2, 3]) {
      const docx = new PizZip(zip.file(`note ${n}.docx`)!.asUint8Array());
      expect([...notesIn(docx.file('word/footnotes.xml')!.asText(), 'footnote').values()]).toEqual([
        `Merge : note ${n}`,
      ]);
      expect([...notesIn(docx.file('word/endnotes.xml')!.asText(), 'endnote').values()]).toEqual([
        `Endnote : footer ${n}`,
      ]);
    }
  });
});
