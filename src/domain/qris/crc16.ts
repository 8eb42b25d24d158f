// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR): the
// checksum that closes every EMVCo QR payload (tag 63), over the payload's UTF-8 bytes up to and
// including "6304".

const TABLE = /* @__PURE__ */ (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n << 8;
    for (let k = 0; k < 8; k++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[n] = crc;
  }
  return table;
})();

/** The CRC of `bytes`; `initial` goes on from the CRC of the bytes before them. */
export function crc16(bytes: Uint8Array, initial = 0xffff): number {
  let crc = initial;
  for (let i = 0; i < bytes.length; i++)
    crc = ((crc << 8) & 0xffff) ^ TABLE[(crc >>> 8) ^ bytes[i]];
  return crc;
}

/** The CRC of a text as a payload writes it: four upper-case hexadecimal digits. */
export function crc16Hex(text: string): string {
  return crc16(new TextEncoder().encode(text)).toString(16).toUpperCase().padStart(4, '0');
}
