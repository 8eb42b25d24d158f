// The language catalogues (issue 16, docs/product.md#limits): Indonesian has every English text of the account
// screens and the layout, translated, and the notices and validation messages that reach the
// screen from elsewhere.
import { readAsNumbersNote } from '../../../src/workers/read/textColumns';
import { dataFileTooLarge } from '../../../src/domain/constants';
import { describe, expect, it } from 'vitest';
import { NOTICE_TEXTS } from '../../../src/api/errorMessages';
import { SIGN_IN_DEFAULT_ERROR, SIGN_IN_MESSAGES } from '../../../src/api/signInMessages';
import { countText, fill, isLocale, LANGUAGE_NAMES, LOCALES } from '../../../src/domain/i18n';
import { DELIVERY_TEXTS } from '../../../src/domain/i18n/en/delivery';
import { MAIL_TEXTS } from '../../../src/domain/i18n/en/mail';
import { deliveryNoticeText } from '../../../src/domain/delivery/deliveryErrors';
import { AUTH_TEXTS, SIGN_UP_SUCCESS } from '../../../src/domain/i18n/en/auth';
import { COMMON_TEXTS } from '../../../src/domain/i18n/en/common';
import { GENERATOR_TEXTS } from '../../../src/domain/i18n/en/generator';
import { HISTORY_TEXTS } from '../../../src/domain/i18n/en/history';
import { SHELL_TEXTS } from '../../../src/domain/i18n/en/shell';
import { SIGN_IN_TEXTS } from '../../../src/domain/i18n/en/signIn';
import { USERS_TEXTS } from '../../../src/domain/i18n/en/users';
import { PROFILE_TEXTS } from '../../../src/domain/i18n/en/profile';
import { ID_CATALOGUE, PATTERNS_ID, PHRASES_ID } from '../../../src/domain/i18n/id';
import { PATTERNS, PHRASES } from '../../../src/domain/i18n/en/phrases';
import { GUARD_NOTICES } from '../../../src/machines/navigationGuard/machine';
import { ACCOUNT_MESSAGES } from '../../../src/domain/validation/accountMessages';
import { SETTINGS_MESSAGES } from '../../../src/domain/validation/settingsMessages';
import { ROUTES } from '../../../src/domain/users/menu';
import { messages as GENERATOR_MESSAGES } from '../../../src/machines/generator/rules';
import { pictureMessages } from '../../../src/machines/generator/pictures';
import { imageSetMessages } from '../../../src/domain/word/imageSetMessages';
import { dynamicQris, qrisMessages, staticQrisProblem } from '../../../src/domain/qris';
import {
  COMPANY_SETTINGS_MESSAGES,
  companySettingsProblems,
} from '../../../src/domain/billing/companySettings';
import { crc16Hex } from '../../../src/domain/qris/crc16';

// Names, brands and the control's own label read the same in both languages.
const SAME_IN_BOTH = new Set([
  'Dashboard Invoice',
  'Email',
  'Language',
  'Username',
  'Status',
  'Admin',
  'No.',
  'Format',
]);

describe('language catalogues', () => {
  it('offers English (default) and Bahasa Indonesia', () => {
    expect(LOCALES).toEqual(['en', 'id']);
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', id: 'Bahasa Indonesia' });
    expect(isLocale('id')).toBe(true);
    expect(isLocale('fr')).toBe(false);
  });

  it.each([
    ['common', COMMON_TEXTS],
    ['signIn', SIGN_IN_TEXTS],
    ['auth', AUTH_TEXTS],
    ['shell', SHELL_TEXTS],
    ['users', USERS_TEXTS],
    ['profile', PROFILE_TEXTS],
    ['generator', GENERATOR_TEXTS],
    ['history', HISTORY_TEXTS],
  ] as const)('translates every %s text', (section, english) => {
    const indonesian = ID_CATALOGUE[section] as Record<string, string>;
    expect(Object.keys(indonesian).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(indonesian[key], key).toBeTruthy();
      if (!SAME_IN_BOTH.has(text))
        expect(indonesian[key], `${section}.${key} is not translated`).not.toBe(text);
      // The same placeholders on both sides.
      expect(indonesian[key].match(/\{\w+\}/g) ?? [], key).toEqual(text.match(/\{\w+\}/g) ?? []);
    }
  });

  it('keys the texts made elsewhere by the same ids in both languages, one wording per id', () => {
    expect(Object.keys(PHRASES_ID).sort()).toEqual(Object.keys(PHRASES).sort());
    expect(Object.keys(PATTERNS_ID).sort()).toEqual(Object.keys(PATTERNS).sort());
    for (const [id, text] of Object.entries(PHRASES_ID)) expect(text.trim(), id).not.toBe('');
    const wordings = Object.values(PHRASES);
    expect(new Set(wordings).size).toBe(wordings.length);
    // Found by the English wording: every phrase reaches its own id's Indonesian text.
    for (const [id, text] of Object.entries(PHRASES))
      expect(ID_CATALOGUE.phrases.get(text), id).toBe(PHRASES_ID[id as keyof typeof PHRASES]);
  });

  it("reads 'Masuk' on the sign-in button", () => {
    expect(ID_CATALOGUE.signIn.signInButton).toBe('Masuk');
  });

  it('translates the notices and validation texts the account screens and the layout show', () => {
    const shown = [
      ...Object.values(NOTICE_TEXTS).filter((m) => !m.includes('{')),
      ...Object.values(SIGN_IN_MESSAGES),
      SIGN_IN_DEFAULT_ERROR,
      SIGN_UP_SUCCESS,
      ...Object.values(GUARD_NOTICES).flatMap((n) => [n.title, n.message]),
      ...Object.entries({ ...ACCOUNT_MESSAGES, ...SETTINGS_MESSAGES })
        .filter(
          ([key]) => !['IS_VERIFIED_INVALID', 'NOTES_INVALID', 'BODY_NOT_OBJECT'].includes(key),
        )
        .map(([, text]) => text),
    ];
    const missing = shown.filter((text) => !text || !ID_CATALOGUE.phrases.get(text));
    expect(missing).toEqual([]);
  });

  it('every English key of every screen has an Indonesian text', () => {
    const english = {
      common: COMMON_TEXTS,
      signIn: SIGN_IN_TEXTS,
      auth: AUTH_TEXTS,
      shell: SHELL_TEXTS,
      users: USERS_TEXTS,
      profile: PROFILE_TEXTS,
      generator: GENERATOR_TEXTS,
    };
    const untranslated = Object.entries(english).flatMap(([section, texts]) =>
      Object.keys(texts)
        .filter(
          (key) =>
            !(ID_CATALOGUE[section as keyof typeof english] as Record<string, string>)[key]?.trim(),
        )
        .map((key) => `${section}.${key}`),
    );
    expect(untranslated).toEqual([]);
  });

  it('translates the English route titles of the browser tab; the billing titles stay', () => {
    const english = ROUTES.map((r) => r.title).filter(
      (title) => !title.startsWith('Dashboard') && !/Tagihan|Manajemen|Perusahaan/.test(title),
    );
    expect(english).toContain('Profile Settings');
    for (const title of [...english, 'Page Not Found']) {
      expect(ID_CATALOGUE.phrases.get(title), title).toBeTruthy();
      expect(ID_CATALOGUE.phrases.get(title)).not.toBe(title);
    }
    expect(ID_CATALOGUE.phrases.get('Profile Settings')).toBe('Pengaturan Profil');
    expect(ID_CATALOGUE.phrases.get('Buat Progres Tagihan')).toBeUndefined();
  });

  it("translates the generator's fixed notices, and those with counts and names by pattern", () => {
    const fixed = Object.values(GENERATOR_MESSAGES as Record<string, unknown>).filter(
      (m): m is string => typeof m === 'string',
    );
    expect(fixed.filter((text) => !ID_CATALOGUE.phrases.get(text))).toEqual([]);
    const translate = (text: string) =>
      ID_CATALOGUE.patterns.reduce((t, [pattern, to]) => t.replace(pattern, to), text);
    expect(translate(GENERATOR_MESSAGES.generated(12, 2))).toBe(
      'Berhasil membuat dokumen gabungan dengan 12 bagian (2 baris dilewati karena datanya tidak lengkap)',
    );
    expect(translate(GENERATOR_MESSAGES.zipped(3, 'tagihan.zip', 0))).toBe(
      'Berhasil membuat 3 berkas dalam tagihan.zip',
    );
    expect(translate(GENERATOR_MESSAGES.zipped(3, 'a (1).zip', 1))).toBe(
      'Berhasil membuat 3 berkas dalam a (1).zip (1 baris dilewati karena datanya tidak lengkap)',
    );
    expect(translate(GENERATOR_MESSAGES.generatedPdf(1, 0))).toBe(
      'Berhasil membuat PDF dengan 1 bagian',
    );
    expect(translate(GENERATOR_MESSAGES.exported(5, 'rows.xlsx'))).toBe(
      'Berhasil mengekspor 5 baris ke rows.xlsx',
    );
    // A worker's detail stays as the worker wrote it.
    expect(translate(GENERATOR_MESSAGES.generate('Row 3: missing value'))).toBe(
      'Gagal membuat dokumen: Row 3: missing value',
    );
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('User menu for {name}', { name: 'Ana' })).toBe('User menu for Ana');
    expect(fill('{a} of {b}', { a: 1 })).toBe('1 of {b}');
  });

  it('translates the notices of pictures per row, names and counts kept', () => {
    const fixed = [
      pictureMessages.invalidImages,
      pictureMessages.imagesCancelled,
      pictureMessages.needInvoiceColumn,
      imageSetMessages.setTooLarge,
    ];
    expect(fixed.filter((text) => !ID_CATALOGUE.phrases.get(text))).toEqual([]);
    const translate = (text: string) =>
      ID_CATALOGUE.patterns.reduce((t, [pattern, to]) => t.replace(pattern, to), text);
    expect(translate(pictureMessages.readImages(imageSetMessages.notImage('logo.png')))).toBe(
      'Gagal membaca gambar: "logo.png" bukan gambar PNG, JPEG atau GIF (isinya yang diperiksa, bukan namanya).',
    );
    expect(translate(imageSetMessages.zipBomb('logos.zip'))).toMatch(/^"logos\.zip" akan menjadi/);
    expect(translate(dataFileTooLarge('tagihan.csv', '51.00 MB'))).toBe(
      '"tagihan.csv" berukuran 51.00 MB; berkas data paling besar 50 MB. Pecah menjadi berkas yang lebih kecil (misalnya per bulan atau per wilayah) lalu baca satu per satu.',
    );
    expect(translate(dataFileTooLarge(undefined, '60.00 MB'))).toMatch(
      /^Berkas data berukuran 60\.00 MB;/,
    );
    expect(translate(readAsNumbersNote('Jumlah', 'id', '150.000 is 150000'))).toBe(
      'Kolom "Jumlah" dibaca sebagai angka yang ditulis cara Indonesia (titik untuk ribuan, koma untuk desimal), misalnya 150.000 adalah 150000.',
    );
    expect(translate(readAsNumbersNote('Amount', 'en', '1,234.5 is 1234,5'))).toMatch(
      /^Kolom "Amount" dibaca sebagai angka yang ditulis cara Inggris/,
    );
    for (const text of [
      imageSetMessages.damaged('a.png'),
      imageSetMessages.imageTooLarge('a.png'),
      imageSetMessages.damagedZip('a.zip'),
      imageSetMessages.duplicate('a.png'),
    ])
      expect(translate(text)).not.toBe(text);
    expect(
      translate(
        'qris:Total: no picture for 2 rows (first at row 5: the amount is not a positive number)\nimage:Logo: no picture for 1 row (first at row 7: "x.png" is not among the images chosen)',
      ),
    ).toBe(
      'qris:Total: tidak ada gambar untuk 2 baris (pertama di baris 5: nominalnya bukan angka positif)\nimage:Logo: tidak ada gambar untuk 1 baris (pertama di baris 7: "x.png" is not among the images chosen)',
    );
  });

  it('translates the checks of Pengaturan Perusahaan and of a QRIS, values kept', () => {
    const translate = (text: string) =>
      ID_CATALOGUE.phrases.get(text) ??
      ID_CATALOGUE.patterns.reduce((t, [pattern, to]) => t.replace(pattern, to), text);
    const fixed = [
      ...Object.values(COMPANY_SETTINGS_MESSAGES),
      ...Object.values(qrisMessages as Record<string, unknown>).filter(
        (m): m is string => typeof m === 'string',
      ),
    ];
    expect(fixed.filter((text) => !ID_CATALOGUE.phrases.get(text))).toEqual([]);
    for (const text of fixed) expect(translate(text)).not.toBe(text);
    expect(
      companySettingsProblems({
        seller_npwp: '123',
        seller_nitku: '0123456789012345000000',
        seller_name: '',
        qris_static: 'hello',
      }),
    ).toEqual({
      seller_npwp: COMPANY_SETTINGS_MESSAGES.npwp,
      seller_name: COMPANY_SETTINGS_MESSAGES.nameRequired,
      qris_static: expect.any(String),
    });
    // What the form shows for a text that is no QRIS, every part in Indonesian.
    expect(translate(staticQrisProblem('hello')!)).toBe(
      'QRIS statis bukan payload QR EMVCo: "he" pada karakter 1 bukan tag.',
    );
    expect(translate(staticQrisProblem('000201010211')!)).toBe(
      'QRIS statis tidak diakhiri CRC-nya (tag 63, empat digit heksadesimal).',
    );
    expect(translate(staticQrisProblem('0002010102115802ID99')!)).toBe(
      'QRIS statis bukan payload QR EMVCo: tag 99 pada karakter 19 tidak memiliki panjang dua digit.',
    );
    expect(translate(staticQrisProblem('00020101021158')!)).toMatch(
      /^QRIS statis bukan payload QR EMVCo: tag 58 pada karakter 13 tidak memiliki panjang/,
    );
    expect(translate(staticQrisProblem('0002010102115802I')!)).toBe(
      'QRIS statis bukan payload QR EMVCo: tag 58 menyebut 2 karakter, yang tersisa lebih sedikit.',
    );
    const body = '00020101021126140010ID.CO.QRIS5303360' + '5802ID6304';
    const crc = crc16Hex(body);
    const wrong = crc === '0000' ? '0001' : '0000';
    expect(translate(staticQrisProblem(body + wrong)!)).toBe(
      `CRC QRIS statis salah: diakhiri ${wrong}, isinya menghasilkan ${crc}. Salin lagi seluruh teksnya.`,
    );
    // A row's reason in the generator's notice.
    const row = dynamicQris(body + crc, -5, 'INV/1');
    expect('problem' in row && translate(`Row 3: ${row.problem}`)).toBe(
      'Row 3: nominalnya bukan angka positif',
    );
    for (const [amount, invoice] of [
      [1e15, 'INV/1'],
      [10, ' '],
      [10, 'X'.repeat(30)],
      [10, 'INV/\u00e9'],
    ] as const) {
      const answer = dynamicQris(body + crc, amount, invoice);
      expect('problem' in answer, `${amount} ${invoice}`).toBe(true);
      if ('problem' in answer) expect(translate(answer.problem)).not.toBe(answer.problem);
    }
  });
});

describe('texts with a count', () => {
  it('say one e-mail, not one e-mails, and the plural from two', () => {
    expect(fill(countText(MAIL_TEXTS, 'send', 1), { count: 1 })).toBe('Send 1 e-mail');
    expect(fill(countText(MAIL_TEXTS, 'send', 2), { count: 2 })).toBe('Send 2 e-mails');
    expect(fill(countText(MAIL_TEXTS, 'send', 0), { count: 0 })).toBe('Send 0 e-mails');
    expect(fill(countText(MAIL_TEXTS, 'handedOver', 1), { count: 1 })).toBe(
      '1 e-mail handed to the server.',
    );
    // A text without a form for one is the same whatever the count.
    expect(countText(MAIL_TEXTS, 'preparing', 1)).toBe(MAIL_TEXTS.preparing);
    expect(deliveryNoticeText(DELIVERY_TEXTS, 'en', 'queuedAgain', { count: 1 })).toBe(
      '1 e-mail queued again.',
    );
    expect(deliveryNoticeText(DELIVERY_TEXTS, 'en', 'queued', { count: 1000 })).toBe(
      '1,000 e-mails queued.',
    );
  });

  it('have a form for one only beside a text of the same name with {count}', () => {
    for (const texts of [MAIL_TEXTS, DELIVERY_TEXTS] as Record<string, string>[])
      for (const key of Object.keys(texts).filter((k) => k.endsWith('One'))) {
        expect(texts[key.slice(0, -3)], key).toContain('{count}');
        expect(texts[key], key).not.toContain('{count}');
      }
  });
});
