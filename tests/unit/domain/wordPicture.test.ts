// Word's field switches as Word writes a merged value: number and date pictures in Indonesian
// (id-ID) and English, text cases, text before and after a value.
import { describe, expect, it } from 'vitest';
import {
  fieldLanguage,
  formatDatePicture,
  formatNumberPicture,
  formatTextCase,
} from '../../../src/domain/values/wordPicture';
import { applySwitches } from '../../../src/domain/word/wordField';

describe('number pictures (\\#)', () => {
  it('groups and rounds with Indonesian separators for id-ID', () => {
    expect(formatNumberPicture(1234567, '#.##0', 'id')).toBe('1.234.567');
    expect(formatNumberPicture(1234567.456, 'Rp #.##0,00', 'id')).toBe('Rp 1.234.567,46');
    expect(formatNumberPicture(1234567, 'Rp #.##0,00', 'id')).toBe('Rp 1.234.567,00');
    expect(formatNumberPicture(0.5, '#.##0', 'id')).toBe('1');
    expect(formatNumberPicture(999, '#.##0', 'id')).toBe('999');
  });

  it("follows Word's English rules otherwise", () => {
    expect(formatNumberPicture(1234567.456, '#,##0.00', 'en')).toBe('1,234,567.46');
    expect(formatNumberPicture(1234567, '$#,##0', 'en')).toBe('$1,234,567');
    expect(formatNumberPicture(5, '00', 'en')).toBe('05');
    expect(formatNumberPicture(2.5, '0.##', 'en')).toBe('2.5');
    expect(formatNumberPicture(0.125, '0.00', 'en')).toBe('0.13');
  });

  it('writes the sign where the picture says, and uses negative and zero sections', () => {
    expect(formatNumberPicture(-1500, '#.##0', 'id')).toBe('-1.500');
    expect(formatNumberPicture(-1500, 'Rp #.##0', 'id')).toBe('Rp -1.500');
    expect(formatNumberPicture(-1500, '#,##0;(#,##0)', 'en')).toBe('(1,500)');
    expect(formatNumberPicture(0, '#,##0;(#,##0);-', 'en')).toBe('-');
    expect(formatNumberPicture(12, "0 'unit'", 'en')).toBe('12 unit');
    expect(formatNumberPicture(12, '+0', 'en')).toBe('+12');
  });
});

describe('date pictures (\\@)', () => {
  it('writes Indonesian month and day names for id-ID', () => {
    expect(formatDatePicture('2025-11-23', 'd MMMM yyyy', 'id')).toBe('23 November 2025');
    expect(formatDatePicture('2025-08-01', 'dddd, dd MMMM yyyy', 'id')).toBe(
      'Jumat, 01 Agustus 2025',
    );
    expect(formatDatePicture('2025-08-01', 'd MMM yy', 'id')).toBe('1 Agu 25');
  });

  it('writes English names otherwise, and times', () => {
    expect(formatDatePicture('2025-11-23', 'dddd d MMMM yyyy', 'en')).toBe(
      'Sunday 23 November 2025',
    );
    expect(formatDatePicture('2025-11-23', 'MM/dd/yyyy', 'en')).toBe('11/23/2025');
    expect(formatDatePicture('2025-11-23 14:05', "h:mm AM/PM 'on' d MMM", 'en')).toBe(
      '2:05 PM on 23 Nov',
    );
  });

  it('answers null for text that is no date', () => {
    expect(formatDatePicture('besok', 'd MMMM yyyy', 'id')).toBeNull();
    expect(formatDatePicture('2025-02-30', 'd MMMM yyyy', 'id')).toBeNull();
  });
});

describe('text switches (\\*, \\b, \\f)', () => {
  it('writes the cases Word knows', () => {
    expect(formatTextCase('budi santoso', 'Upper')).toBe('BUDI SANTOSO');
    expect(formatTextCase('BUDI', 'lower')).toBe('budi');
    expect(formatTextCase('budi santoso', 'FirstCap')).toBe('Budi santoso');
    expect(formatTextCase('budi santoso-wijaya', 'Caps')).toBe('Budi Santoso-Wijaya');
  });

  it('puts \\b and \\f text around a value only when it is not empty', () => {
    const switches = { before: 'Yth. ', after: ',', cases: ['UPPER'] };
    expect(applySwitches({ text: 'budi' }, switches, 'id')).toBe('Yth. BUDI,');
    expect(applySwitches({ text: '' }, switches, 'id')).toBe('');
  });

  it('lets the format the user picked win over the switches', () => {
    const switches = { number: '#.##0', before: 'Rp ' };
    expect(applySwitches({ text: '1500', raw: 1500 }, switches, 'id')).toBe('Rp 1.500');
    expect(applySwitches({ text: '1500', raw: 1500, chosen: 'seribu' }, switches, 'id')).toBe(
      'Rp seribu',
    );
  });

  it('reads the language from the template', () => {
    expect(fieldLanguage('id-ID')).toBe('id');
    expect(fieldLanguage('in-ID')).toBe('id');
    expect(fieldLanguage('en-US')).toBe('en');
    expect(fieldLanguage(undefined)).toBe('en');
  });
});
