// A .docx of huge, honest parts built by streaming (issue 37's load test): each part is a unit of
// markup repeated to its size, deflated chunk by chunk, so only the compressed bytes are held.
import { constants, crc32, createDeflateRaw } from 'node:zlib';

export interface BigPart {
  name: string;
  head: string;
  unit: string;
  bytes: number;
  tail: string;
}

const CHUNK = 1 << 20;

async function deflated(part: BigPart): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const write = async (chunk: Buffer) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(part.head));
  const block = Buffer.from(part.unit.repeat(Math.floor(CHUNK / part.unit.length)));
  const body = part.bytes - part.head.length - part.tail.length;
  for (let left = body; left > 0; left -= block.length)
    await write(left >= block.length ? block : block.subarray(0, left - (left % part.unit.length)));
  await write(Buffer.from(part.tail));
  deflate.end();
  await done;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip of the parts (deflated) and the small ones given whole. */
export async function bigPackage(parts: BigPart[], small: Record<string, string>): Promise<Buffer> {
  const entries = [
    ...Object.entries(small).map(([name, text]) => ({
      name,
      head: text,
      unit: ' ',
      bytes: text.length,
      tail: '',
    })),
    ...parts,
  ];
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of entries) {
    const { data, crc, size } = await deflated(part);
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    local.push(header, name, data);
    central.push(record, name);
    offset += header.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const SMALL = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
};
const part = (name: string, unit: string, bytes: number): BigPart => ({
  name,
  head: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p>`,
  unit,
  bytes,
  tail: '</w:p></w:body></w:document>',
});

const MB = 1024 * 1024;

/** Issue 37's package: 12 parts of 200 MB of w:fldSimple, honest sizes (about 7 MB zipped). */
export const fieldFlood = () =>
  bigPackage(
    Array.from({ length: 12 }, (_, i) =>
      part(
        i ? `word/header${i}.xml` : 'word/document.xml',
        '<w:fldSimple w:instr="PAGE"/>',
        200 * MB,
      ),
    ),
    SMALL,
  );

/** One 120 MB document.xml of 20 million empty runs: under the size caps, over the token cap. */
export const tagFlood = () => bigPackage([part('word/document.xml', '<w:r/>', 120 * MB)], SMALL);
