import { describe, expect, test } from 'vitest';
import { dynamicQris, qrisMessages, staticQrisProblem } from '../../../src/domain/qris';
import { STATIC_QRIS } from '../../support/qris';

describe('the stored static QRIS', () => {
  test('a well-formed Indonesian static QRIS is accepted', () => {
    expect(staticQrisProblem(STATIC_QRIS)).toBeNull();
    expect(staticQrisProblem(`  ${STATIC_QRIS}\n`)).toBeNull();
  });

  test('a wrong CRC is refused, naming the CRC it has and the one its content gives', () => {
    const wrong = STATIC_QRIS.slice(0, -4) + (STATIC_QRIS.endsWith('0000') ? '0001' : '0000');
    expect(staticQrisProblem(wrong)).toBe(
      qrisMessages.wrongCrc(wrong.slice(-4), STATIC_QRIS.slice(-4)),
    );
  });

  test.each([
    ['empty', '', qrisMessages.empty],
    ['no CRC at the end', STATIC_QRIS.slice(0, -8), qrisMessages.noCrc],
    ['not data objects', 'hello world', qrisMessages.notEmv('"he" at character 1 is not a tag')],
    ['too long', '0'.repeat(513), qrisMessages.tooLong],
  ])('%s is refused', (_, payload, message) => {
    expect(staticQrisProblem(payload)).toBe(message);
  });

  test.each([
    ['tag 00', '000201', '000202', qrisMessages.formatIndicator],
    ['the country', '5802ID', '5802SG', qrisMessages.country],
    ['the currency', '5303360', '5303702', qrisMessages.currency],
  ])('a payload with another %s is refused (its CRC made right)', (_, from, to, message) => {
    const body = STATIC_QRIS.slice(0, -4).replace(from, to);
    expect(staticQrisProblem(withCrc(body))).toBe(message);
  });

  test('a payload without merchant account information (26–51) is refused', () => {
    const body = STATIC_QRIS.slice(0, -4).replace(/26\d\d.*?(?=5204)/, '');
    expect(staticQrisProblem(withCrc(body))).toBe(qrisMessages.merchantAccount);
  });
});

describe('the dynamic QRIS of one invoice', () => {
  test('amount and invoice number go in as data objects; text that looks like tags is left alone', () => {
    const made = dynamicQris(STATIC_QRIS, 1_250_000, 'INV/2024/00042');
    if (!('payload' in made)) throw new Error(made.problem);
    expect(made.payload).toContain('5921TELKO 5405 6304 VOICE');
    expect(made.payload).toContain('5407125000058');
    expect(made.payload).toContain('62310114INV/2024/000420709KASIR6304');
    expect(made.payload).toMatch(/^00020101021226/);
    expect(staticQrisProblem(made.payload)).toBeNull();
  });

  test.each([
    [0, 'INV-1', 'the amount is not a positive number'],
    [-10, 'INV-1', 'the amount is not a positive number'],
    [Number.NaN, 'INV-1', 'the amount is not a positive number'],
    [1e14, 'INV-1', 'the amount has more than 13 characters'],
    [1000, '  ', 'the invoice number is empty'],
    [1000, 'X'.repeat(26), 'the invoice number has more than 25 characters'],
    [1000, 'Nomor ü', 'the invoice number has characters a QRIS cannot hold'],
  ])('amount %s with invoice %j gives no QRIS: %s', (amount, invoice, problem) => {
    expect(dynamicQris(STATIC_QRIS, amount, invoice)).toEqual({ problem });
  });

  test('a payload that would pass 512 characters gives no QRIS', () => {
    const long = withCrc(
      STATIC_QRIS.slice(0, -4).replace(
        '6007JAKARTA',
        '8099' + 'x'.repeat(99) + '8199' + 'y'.repeat(99) + '8280' + 'z'.repeat(80) + '6007JAKARTA',
      ),
    );
    expect(staticQrisProblem(long)).toBeNull();
    expect(dynamicQris(long, 10_000, 'INV-1')).toEqual({
      problem: 'the QRIS would have more than 512 characters',
    });
  });
});

import { crc16Hex } from '../../../src/domain/qris';
function withCrc(bodyWith6304: string): string {
  return bodyWith6304 + crc16Hex(bodyWith6304);
}
