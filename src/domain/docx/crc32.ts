// CRC-32 (IEEE, as zip uses it) of the parts the sanitiser rewrites and of the QR codes' PNG
// chunks, eight bytes a step (slice-by-8): a QR code's image data is made 10,000 times a run.

const TABLES = /* @__PURE__ */ (() => {
  const tables = Array.from({ length: 8 }, () => new Int32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[0][n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[0][n];
    for (let t = 1; t < 8; t++) {
      c = tables[0][c & 0xff] ^ (c >>> 8);
      tables[t][n] = c;
    }
  }
  return tables;
})();

export function crc32(data: Uint8Array): number {
  const [T0, T1, T2, T3, T4, T5, T6, T7] = TABLES;
  let c = -1;
  let i = 0;
  const n = data.length;
  for (const end8 = n - (n % 8); i < end8; i += 8) {
    const a = c ^ (data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24));
    c =
      T7[a & 0xff] ^
      T6[(a >>> 8) & 0xff] ^
      T5[(a >>> 16) & 0xff] ^
      T4[a >>> 24] ^
      T3[data[i + 4]] ^
      T2[data[i + 5]] ^
      T1[data[i + 6]] ^
      T0[data[i + 7]];
  }
  for (; i < n; i++) c = T0[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
