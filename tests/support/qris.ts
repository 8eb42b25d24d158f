// A static QRIS of a made-up merchant, built as EMVCo data objects with its CRC, for tests: its
// merchant name and terminal label hold "5405" and "6304", which a string-replacing converter
// would break.
import { crc16Hex, writeDataObjects } from '../../src/domain/qris';

function withCrc(body: string): string {
  return `${body}6304${crc16Hex(`${body}6304`)}`;
}

const objects = [
  { tag: '00', value: '01' },
  { tag: '01', value: '11' },
  {
    tag: '26',
    value: writeDataObjects([
      { tag: '00', value: 'ID.CO.EXAMPLE.WWW' },
      { tag: '01', value: '936000000000012345' },
      { tag: '02', value: '000012345' },
      { tag: '03', value: 'UMI' },
    ]),
  },
  {
    tag: '51',
    value: writeDataObjects([
      { tag: '00', value: 'ID.CO.QRIS.WWW' },
      { tag: '02', value: 'ID1020000012345' },
      { tag: '03', value: 'UMI' },
    ]),
  },
  { tag: '52', value: '4814' },
  { tag: '53', value: '360' },
  { tag: '58', value: 'ID' },
  { tag: '59', value: 'TELKO 5405 6304 VOICE' },
  { tag: '60', value: 'JAKARTA' },
  { tag: '61', value: '10110' },
  { tag: '62', value: writeDataObjects([{ tag: '07', value: 'KASIR6304' }]) },
];

export const STATIC_QRIS = withCrc(writeDataObjects(objects));
