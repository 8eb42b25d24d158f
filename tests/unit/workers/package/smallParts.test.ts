import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import {
  deflatedInFrame,
  deflateSmall,
  framedLength,
  partFrame,
  writeFromChunks,
  type DeflatedPart,
} from '../../../../src/workers/package/smallParts';
import { EntryBlock, writeZip } from '../../../../src/workers/package/zipWriter';

const bytes = (text: string) => new TextEncoder().encode(text);
const render = (value: string) =>
  bytes(`<w:hdr><w:p><w:t>Tagihan ${value}</w:t></w:p><w:p><w:t>${value}!</w:t></w:p></w:hdr>`);

/** Written into a zip and read back with CRC checks, as a reader opening the merged file would. */
function roundTrip(part: DeflatedPart): string {
  const read = new PizZip(writeZip([{ name: 'word/header1_s2.xml', method: 8, ...part }]), {
    checkCRC32: true,
  });
  return read.file('word/header1_s2.xml')!.asText();
}

describe('a header copy deflated through the frame of its static text', () => {
  const frame = partFrame(render('a'), render('b'));

  it('reads back as exactly the rendered text, for short and long values', () => {
    for (const value of ['INV/2024/00007', '', 'Ω – ünïcode', 'x'.repeat(70_000)]) {
      const data = deflatedInFrame(frame, render(value));
      expect(data).not.toBeNull();
      expect(roundTrip(data!)).toBe(new TextDecoder().decode(render(value)));
    }
  });

  it('is not used for a rendering whose static text differs', () => {
    expect(deflatedInFrame(frame, bytes('<w:ftr>Tagihan 1</w:ftr>'))).toBeNull();
  });

  it('handles a part whose text is all values or all static', () => {
    const all = partFrame(bytes('a'), bytes('b'));
    expect(roundTrip(deflatedInFrame(all, bytes('INV 1'))!)).toBe('INV 1');
    const none = partFrame(bytes('<w:hdr/>'), bytes('<w:hdr/>'));
    expect(roundTrip(deflatedInFrame(none, bytes('<w:hdr/>'))!)).toBe('<w:hdr/>');
  });
});

describe('a header copy deflated from the chunks a part frame renders', () => {
  const frame = partFrame(render('a'), render('b'));
  const [head, tail] = [frame.prefix, frame.suffix];
  const middle = (value: string) => {
    const text = new TextDecoder().decode(render(value));
    return bytes(text.slice(head.length, text.length - tail.length));
  };

  it('reads back as the chunks joined, for values split over several chunks and over 64 kB', () => {
    // Written in place into an entry block after the document's own parts, as the merge writes copies.
    const block = new EntryBlock();
    const values = ['INV/2024/00007', 'Ω – ünïcode', 'x'.repeat(70_000)];
    values.forEach((value, i) => {
      const inner = middle(value);
      const cut = Math.floor(inner.length / 3);
      const chunks = [head, inner.subarray(0, cut), inner.subarray(cut), tail];
      block.add(`word/header1_s${i + 2}.xml`, framedLength(frame, chunks), (out, at) =>
        writeFromChunks(frame, chunks, out, at),
      );
      block.addDeflated(`word/_rels/header1_s${i + 2}.xml.rels`, deflateSmall(bytes('<r/>')));
    });
    const own = {
      name: 'word/document.xml',
      method: 8 as const,
      ...deflateSmall(bytes('<w:document/>')),
    };
    const read = new PizZip(writeZip([own], new Date(), block), { checkCRC32: true });
    expect(Object.keys(read.files)).toHaveLength(1 + 2 * values.length);
    expect(read.file('word/document.xml')!.asText()).toBe('<w:document/>');
    values.forEach((value, i) => {
      expect(read.file(`word/header1_s${i + 2}.xml`)!.asText()).toBe(
        new TextDecoder().decode(render(value)),
      );
      expect(read.file(`word/_rels/header1_s${i + 2}.xml.rels`)!.asText()).toBe('<r/>');
    });
  });
});
