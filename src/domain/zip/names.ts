// Entry names as the zip headers hold them (UTF-8). Pure.

/** A short text's UTF-8 bytes: its character codes when it is all ASCII (a header's invoice number). */
export function shortBytes(text: string, encoder: TextEncoder): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return encoder.encode(text);
    bytes[i] = code;
  }
  return bytes;
}
