import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { deflatedInFrame, partFrame } from '../../../src/workers/smallParts';

const bytes = (text: string) => new TextEncoder().encode(text);
const render = (value: string) => bytes(`<w:hdr><w:p><w:t>Tagihan ${value}</w:t></w:p><w:p><w:t>${value}!</w:t></w:p></w:hdr>`);

/** Written into a zip and read back with CRC checks, as a reader opening the merged file would. */
function roundTrip(data: PizZip.Data): string {
  const zip = new PizZip();
  zip.file('word/header1_s2.xml', data);
  const read = new PizZip(zip.generate({ type: 'uint8array', compression: 'DEFLATE' }), { checkCRC32: true });
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
