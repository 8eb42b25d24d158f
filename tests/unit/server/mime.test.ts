// The delivery mail's own MIME writer (src/server/delivery/mime.ts, docs/delivery.md "Memory"),
// read back with mailparser as a mail client would: headers, text and attachment bytes intact.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { simpleParser, type AddressObject } from 'mailparser';
import { describe, expect, test } from 'vitest';
import { breaksBody, breaksHeader } from '../../../src/domain/delivery/delivery';
import { buildMail, parseMailbox, type DeliveryMail } from '../../../src/server/delivery/mime';

const base: DeliveryMail = {
  from: parseMailbox('Billing <billing@example.com>'),
  to: ['ana@example.com'],
  subject: 'Tagihan INV-2025-0001 periode 2025-11',
  text: 'Terlampir tagihan Anda.',
  attachment: {
    filename: 'Tagihan_INV-2025-0001.pdf',
    contentType: 'application/pdf',
    content: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  },
};

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((f) => f.value.map((v) => ({ name: v.name, address: v.address })));

/** Every line ends with CRLF, holds ASCII only and stays within 78 characters. */
function expectWellFormed(raw: Buffer) {
  expect(raw.every((b) => b < 128)).toBe(true);
  const text = raw.toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
}

describe('buildMail', () => {
  test('a mail reads back with its subject, addresses, text, attachment and Message-ID', async () => {
    const built = buildMail({
      ...base,
      to: ['ana@example.com', 'budi@example.com', 'budi.finance@example.com'],
      replyTo: 'finance@example.com',
    });
    expectWellFormed(built.raw);
    const mail = await simpleParser(built.raw);
    expect(mail.subject).toBe(base.subject);
    expect(addresses(mail.from)).toEqual([{ name: 'Billing', address: 'billing@example.com' }]);
    expect(addresses(mail.to).map((a) => a.address)).toEqual([
      'ana@example.com',
      'budi@example.com',
      'budi.finance@example.com',
    ]);
    expect(addresses(mail.replyTo).map((a) => a.address)).toEqual(['finance@example.com']);
    expect(mail.text?.trim()).toBe(base.text);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('Tagihan_INV-2025-0001.pdf');
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.attachments[0].content, Buffer.from(base.attachment.content))).toBe(
      0,
    );
    expect(mail.messageId).toBe(built.messageId);
    expect(built.messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    expect(built.envelope).toEqual({
      from: 'billing@example.com',
      to: ['ana@example.com', 'budi@example.com', 'budi.finance@example.com'],
    });
    expect(mail.headers.has('reply-to')).toBe(true);
    expect(mail.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test('no Reply-To header without one', async () => {
    const mail = await simpleParser(buildMail(base).raw);
    expect(mail.headers.has('reply-to')).toBe(false);
  });

  test('non-ASCII subject, sender name and file name, a long text with long lines', async () => {
    const subject =
      'Tagihan “Telepon” Büro Ñandú — periode November 2025 · 請求書 🧾 ' +
      'sangat panjang '.repeat(8);
    const filename = `Tagihan_Pelanggan_Ñandú_Büro_請求書_${'x'.repeat(70)}.pdf`;
    const text = [
      'Yth. Bapak/Ibu,',
      '',
      `Baris panjang tanpa jeda: ${'abc=def '.repeat(40)}`,
      `${'ü'.repeat(100)}`,
      'trailing spaces   ',
      'tab\tinside and at the end\t',
      '.leading dot',
      'From the start of a line',
      'Salam 🧾',
    ].join('\n');
    const content = randomBytes(10_001);
    const built = buildMail({
      ...base,
      from: parseMailbox('"Tim Penagihan, PT Ñandú" <tagihan@example.co.id>'),
      subject,
      text,
      attachment: { filename, contentType: 'application/pdf', content },
    });
    expectWellFormed(built.raw);
    const mail = await simpleParser(built.raw);
    // Encoded words keep even the trailing space.
    expect(mail.subject).toBe(subject);
    expect(addresses(mail.from)).toEqual([
      { name: 'Tim Penagihan, PT Ñandú', address: 'tagihan@example.co.id' },
    ]);
    expect(mail.text).toBe(text);
    expect(mail.attachments[0].filename).toBe(filename);
    expect(Buffer.compare(mail.attachments[0].content, content)).toBe(0);
    expect(built.messageId).toMatch(/@example\.co\.id>$/);
  });

  test('a sender name that needs quoting, and an ASCII subject too long for one line', async () => {
    const subject = `Invoice ${'INV-2025-0001 '.repeat(20)}end`;
    const built = buildMail({
      ...base,
      from: parseMailbox('"Billing (Finance) \\"Team\\"" <billing@example.com>'),
      subject,
    });
    expectWellFormed(built.raw);
    const mail = await simpleParser(built.raw);
    expect(mail.subject).toBe(subject);
    expect(addresses(mail.from)[0]).toEqual({
      name: 'Billing (Finance) "Team"',
      address: 'billing@example.com',
    });
  });

  test('a subject that looks like an encoded word, or has a word longer than a line, stays as typed', async () => {
    for (const subject of ['=?UTF-8?B?SGk=?= not encoded', `INV-${'9'.repeat(1500)}`]) {
      const built = buildMail({ ...base, subject });
      expectWellFormed(built.raw);
      expect((await simpleParser(built.raw)).subject).toBe(subject);
    }
  });

  test('an address that is not a plain one never becomes a header', () => {
    const bad = [
      { to: ['ana@example.com\r\nBcc: all@example.com'] },
      { to: ['Ana <ana@example.com>'] },
      { to: [] },
      { replyTo: 'finance@example.com\nX-Evil: 1' },
      { from: { name: 'Billing', address: 'büro@example.com' } },
    ];
    for (const change of bad)
      expect(() => buildMail({ ...base, ...change }), JSON.stringify(change)).toThrow();
  });

  test('attachments of every length modulo 3 and 57 (a base64 line) come back byte for byte', async () => {
    for (const size of [0, 1, 2, 3, 56, 57, 58, 114, 1000]) {
      const content = randomBytes(size);
      const built = buildMail({ ...base, attachment: { ...base.attachment, content } });
      expectWellFormed(built.raw);
      const mail = await simpleParser(built.raw);
      const got = mail.attachments[0]?.content ?? Buffer.alloc(0);
      expect(Buffer.compare(got, content), `size ${size}`).toBe(0);
    }
  });

  test('any subject, text and file name read back as written (property)', async () => {
    // Header-breaking control characters never reach the writer (the job refuses them).
    const headerText = fc
      .string({ unit: 'grapheme', maxLength: 200 })
      .filter((s) => !breaksHeader(s));
    const bodyText = fc.string({ unit: 'grapheme', maxLength: 400 }).filter((s) => !breaksBody(s));
    await fc.assert(
      fc.asyncProperty(
        headerText,
        bodyText,
        headerText.filter((s) => s.trim() !== '' && !/[/\\:*?"<>|]/.test(s)),
        async (subject, text, name) => {
          const filename = `Tagihan_${name}.pdf`;
          const built = buildMail({
            ...base,
            subject,
            text,
            attachment: { ...base.attachment, filename },
          });
          expectWellFormed(built.raw);
          const mail = await simpleParser(built.raw);
          // A client trims a plain subject; what is between stays.
          expect((mail.subject ?? '').trim()).toBe(subject.trim());
          expect((mail.text ?? '').replace(/\n$/, '')).toBe(text.replace(/\r\n|\r/g, '\n'));
          expect(mail.attachments[0].filename).toBe(filename);
        },
      ),
      { numRuns: 200 },
    );
  });
});
