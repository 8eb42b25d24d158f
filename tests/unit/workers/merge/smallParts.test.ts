import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import {
  deflatedFromChunks,
  deflatedInFrame,
  partFrame,
  type DeflatedPart,
} from '../../../../src/workers/merge/smallParts';
import { writeZip } from '../../../../src/workers/merge/zipWriter';

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
    for (const value of ['INV/2024/00007', 'Ω – ünïcode', 'x'.repeat(70_000)]) {
      const inner = middle(value);
      const cut = Math.floor(inner.length / 3);
      const chunks = [head, inner.subarray(0, cut), inner.subarray(cut), tail];
      expect(roundTrip(deflatedFromChunks(frame, chunks))).toBe(
        new TextDecoder().decode(render(value)),
      );
    }
  });
});
