// A delivery mail as one Buffer (docs/delivery.md, "Memory"): headers (RFC 5322, non-ASCII text as
// RFC 2047 encoded words), a multipart/mixed body with the message as quoted-printable text/plain
// and the invoice as a base64 attachment in 76-character lines written straight into the Buffer.
// nodemailer sends it as `raw` through its pooled SMTP transport; its own composer made some
// tens of kilobytes of short-lived strings and objects a mail, which grew the server's young
// generation in a long run.
import { randomBytes, randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';

export interface Mailbox {
  name: string;
  address: string;
}

export interface DeliveryMail {
  from: Mailbox;
  /** Plain addresses (checked by the job's rules: no names, no control characters). */
  to: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  attachment: { filename: string; contentType: string; content: Uint8Array };
  /** For tests: by default a new `<uuid@sender's domain>` and now. */
  messageId?: string;
  date?: Date;
}

export interface BuiltMail {
  raw: Buffer;
  messageId: string;
  envelope: { from: string; to: string[] };
}

/** MAIL_FROM (`Billing <billing@example.com>` or a bare address) as a name and an address. */
export function parseMailbox(text: string): Mailbox {
  const first = addressparser(text, { flatten: true })[0];
  if (!first?.address) throw new Error(`not an address: ${JSON.stringify(text)}`);
  return { name: first.name, address: first.address };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;
/** An address as headers and the envelope take it: atext and dots @ letters, digits, dots, hyphens. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;
/** What an RFC 5322 phrase may hold unquoted: atext and spaces. */
const ATOMS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]*$/;

/**
 * `text` as RFC 2047 encoded words (base64 of UTF-8), each 64 characters at most and never
 * splitting a character, separated by `separator` (a folding CRLF SP in a header).
 */
function encodedWords(text: string, separator = '\r\n '): string {
  const words: string[] = [];
  let chunk = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    // 39 bytes are 52 base64 characters: `=?UTF-8?B?` + 52 + `?=` = 64, which leaves room for
    // `Subject: ` or `name="` before it within 78.
    if (bytes + size > 39) {
      words.push(chunk);
      chunk = '';
      bytes = 0;
    }
    chunk += char;
    bytes += size;
  }
  if (chunk || !words.length) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(separator);
}

/**
 * An unstructured header's value (Subject): printable ASCII as it is, folded before spaces to keep
 * lines near 78 characters; anything else (or a word too long for a line, or text that reads like
 * an encoded word) as encoded words.
 */
function unstructured(name: string, value: string): string {
  const words = value.split(' ');
  if (!PRINTABLE_ASCII.test(value) || value.includes('=?') || words.some((w) => w.length > 900))
    return `${name}: ${encodedWords(value)}`;
  const lines: string[] = [];
  let line = `${name}:`;
  let filled = false;
  for (const word of words) {
    // A folded line never holds only spaces.
    if (filled && line.length + 1 + word.length > 78) {
      lines.push(line);
      line = '';
      filled = false;
    }
    line += ` ${word}`;
    filled ||= word !== '';
  }
  lines.push(line);
  return lines.join('\r\n');
}

/** `Name <address>`: the name as atoms, a quoted string, or encoded words. */
function mailbox({ name, address }: Mailbox): string {
  if (!name) return address;
  if (CONTROL.test(name) || !PRINTABLE_ASCII.test(name) || name.includes('=?'))
    return `${encodedWords(name)}\r\n <${address}>`;
  if (ATOMS.test(name) && name.trim() === name) return `${name} <${address}>`;
  return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

/** An address list folded after its commas. */
function addressList(name: string, list: string[]): string {
  return `${name}: ${list.join(',\r\n ')}`;
}

/** A file name as a MIME parameter: quoted ASCII, or RFC 2231 (`filename*0*=utf-8''…`). */
function fileParameter(key: string, filename: string): string {
  if (PRINTABLE_ASCII.test(filename) && filename.length <= 60)
    return `${key}="${filename.replace(/["\\]/g, '\\$&')}"`;
  const encoded = encodeURIComponent(filename).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const parts: string[] = [];
  // Continuations of at most 54 characters (a line of 75 with its key), never splitting a %XX.
  for (let i = 0; i < encoded.length;) {
    let end = Math.min(encoded.length, i + 54);
    const percent = encoded.lastIndexOf('%', end - 1);
    if (percent >= end - 2 && percent >= i && end < encoded.length) end = percent;
    parts.push(encoded.slice(i, end));
    i = end;
  }
  return parts.map((part, n) => `${key}*${n}*=${n === 0 ? "utf-8''" : ''}${part}`).join(';\r\n ');
}

/** The Content-Type's `name`: ASCII quoted, else encoded words in quotes (what mail clients read). */
function nameParameter(filename: string): string {
  if (PRINTABLE_ASCII.test(filename) && filename.length <= 60)
    return `name="${filename.replace(/["\\]/g, '\\$&')}"`;
  return `name="${encodedWords(filename)}"`;
}

const HEX = '0123456789ABCDEF';
/** Printable ASCII but `=`, not ending in a space (tabs and the rest take the long way). */
const PLAIN_LINE = /^(?:[\x21-\x3c\x3e-\x7e ]*[\x21-\x3c\x3e-\x7e])?$/;

/**
 * Quoted-printable (RFC 2045 6.7) of UTF-8 text: line breaks made CRLF, `=`, control and 8-bit
 * bytes, a line's trailing space or tab and the F of a line's `From ` as =XX, soft line breaks
 * keeping lines within 76.
 */
function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    // Most lines of a message are plain: short printable ASCII, nothing to escape.
    if (line.length <= 76 && PLAIN_LINE.test(line) && !line.startsWith('From ')) {
      out.push(line);
      continue;
    }
    const bytes = Buffer.from(line);
    let current = '';
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      const last = i === bytes.length - 1;
      // A line's `From ` is written =46rom: mbox stores would otherwise turn it into `>From `.
      const literal =
        ((b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last)) &&
        !(i === 0 && b === 70 && line.startsWith('From '));
      const piece = literal ? String.fromCharCode(b) : `=${HEX[b >> 4]}${HEX[b & 15]}`;
      // A line holds 75 characters and the soft break's `=`; the last piece may use the 76th.
      if (current.length + piece.length > (last ? 76 : 75)) {
        out.push(`${current}=`);
        current = '';
      }
      current += piece;
    }
    out.push(current);
  }
  return out.join('\r\n');
}

const B64 = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');

/** Bytes base64 encodes to in lines of 76 characters, each ended by CRLF. */
function base64Length(n: number): number {
  const chars = Math.ceil(n / 3) * 4;
  return chars + 2 * Math.ceil(chars / 76);
}

/** Base64 of `input` in CRLF-ended lines of 76 characters, written at `at`; returns the end. */
function writeBase64(input: Uint8Array, out: Buffer, at: number): number {
  let o = at;
  let column = 0;
  const whole = input.length - (input.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const n = (input[i] << 16) | (input[i + 1] << 8) | input[i + 2];
    out[o++] = B64[n >> 18];
    out[o++] = B64[(n >> 12) & 63];
    out[o++] = B64[(n >> 6) & 63];
    out[o++] = B64[n & 63];
    column += 4;
    if (column === 76) {
      out[o++] = 13;
      out[o++] = 10;
      column = 0;
    }
  }
  const rest = input.length - whole;
  if (rest) {
    const n = (input[whole] << 16) | (rest === 2 ? input[whole + 1] << 8 : 0);
    out[o++] = B64[n >> 18];
    out[o++] = B64[(n >> 12) & 63];
    out[o++] = rest === 2 ? B64[(n >> 6) & 63] : 61;
    out[o++] = 61;
    column += 4;
  }
  if (column) {
    out[o++] = 13;
    out[o++] = 10;
  }
  return o;
}

/** The whole message, its Message-ID and its SMTP envelope. */
export function buildMail(mail: DeliveryMail): BuiltMail {
  // The job's rules admit only plain addresses; a header is never built from anything else.
  for (const address of [mail.from.address, ...mail.to, ...(mail.replyTo ? [mail.replyTo] : [])])
    if (!PLAIN_ADDRESS.test(address))
      throw new Error(`not a plain address: ${JSON.stringify(address)}`);
  if (!mail.to.length) throw new Error('a mail needs a recipient');
  const domain = mail.from.address.split('@').pop() || 'localhost';
  const messageId = mail.messageId ?? `<${randomUUID()}@${domain}>`;
  const date = (mail.date ?? new Date()).toUTCString().replace(/GMT$/, '+0000');
  const boundary = `----_di-${randomBytes(12).toString('hex')}`;
  const { filename, contentType, content } = mail.attachment;
  const head = [
    `From: ${mailbox(mail.from)}`,
    addressList('To', mail.to),
    ...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []),
    unstructured('Subject', mail.subject),
    `Message-ID: ${messageId}`,
    `Date: ${date}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(mail.text),
    `--${boundary}`,
    `Content-Type: ${contentType};\r\n ${nameParameter(filename)}`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment;\r\n ${fileParameter('filename', filename)}`,
    '',
    '',
  ].join('\r\n');
  const tail = `--${boundary}--\r\n`;
  // Every part above is ASCII by construction; a slip would corrupt the message, so it throws.
  if (!ASCII.test(head)) throw new Error('MIME writer: a non-ASCII character in the headers');
  // Every character of head and tail is ASCII: one byte each.
  const raw = Buffer.allocUnsafe(head.length + base64Length(content.length) + tail.length);
  let at = raw.write(head, 0, 'latin1');
  at = writeBase64(content, raw, at);
  at += raw.write(tail, at, 'latin1');
  if (at !== raw.length) throw new Error(`MIME writer: wrote ${at} of ${raw.length} bytes`);
  return { raw, messageId, envelope: { from: mail.from.address, to: mail.to } };
}
