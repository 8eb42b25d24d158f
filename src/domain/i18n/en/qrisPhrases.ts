// English wording of the QRIS checks (src/domain/qris: a static QRIS on Pengaturan Perusahaan, a
// row's dynamic QRIS in the generator), kept with ../phrases' PHRASES and PATTERNS by id so that
// ../../idQris gives each its Indonesian text. tests/unit/domain/i18n.test.ts checks every one.

export const QRIS_PHRASES = {
  qrisEmpty:
    'The static QRIS is empty: paste the text your QRIS scanner reads from the merchant QR.',
  qrisTooLong: 'The static QRIS has more than 512 characters.',
  qrisNoCrc: 'The static QRIS does not end with its CRC (tag 63, four hexadecimal digits).',
  qrisFormatIndicator:
    'The static QRIS does not start with tag 00 (payload format indicator "01").',
  qrisInitiation: 'The static QRIS has no valid tag 01 (point of initiation "11" or "12").',
  qrisMerchantAccount: 'The static QRIS has no merchant account information (tags 26 to 51).',
  qrisCountry: 'The static QRIS is not for Indonesia (tag 58 must be "ID").',
  qrisCurrency: 'The static QRIS is not in rupiah (tag 53 must be "360").',
} as const;

/**
 * The QRIS texts with values in them. The details of a payload that is not EMVCo come after its
 * lead, and a row's reason after the notice that names the row (each of several rows: global),
 * so they are not anchored.
 */
export const QRIS_PATTERNS = {
  qrisNotEmv: /^The static QRIS is not an EMVCo QR payload: /,
  qrisWrongCrc:
    /^The static QRIS has a wrong CRC: it ends with (\S+), its content gives (\S+)\. Copy the whole text again\.$/,
  qrisNotTag: /"(.{0,2})" at character (\d+) is not a tag/,
  qrisNoLength: /tag (\d\d) at character (\d+) has no two-digit length/,
  qrisFewerFollow: /tag (\d\d) says (\d+) characters, fewer follow/,
  qrisRowAmount: /the amount is not a positive number/g,
  qrisRowAmountTooLong: /the amount has more than (\d+) characters/g,
  qrisRowNoBillNumber: /the invoice number is empty/g,
  qrisRowBillNumberTooLong: /the invoice number has more than (\d+) characters/g,
  qrisRowBillNumberCharacters: /the invoice number has characters a QRIS cannot hold/g,
  qrisRowPayloadTooLong: /the QRIS would have more than (\d+) characters/g,
  qrisRowNoStatic:
    /no static QRIS is stored: an administrator sets "QRIS Statis" in Pengaturan Perusahaan/g,
} as const;
