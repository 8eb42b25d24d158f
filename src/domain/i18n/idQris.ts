// Bahasa Indonesia of the QRIS checks (./en/qrisPhrases), by the same ids.
import type { QRIS_PATTERNS, QRIS_PHRASES } from './en/qrisPhrases';

type Texts<T> = { readonly [K in keyof T]: string };

export const QRIS_PHRASES_ID: Texts<typeof QRIS_PHRASES> = {
  qrisEmpty:
    'QRIS statis kosong: tempelkan teks yang dibaca aplikasi pemindai QRIS dari QR merchant.',
  qrisTooLong: 'QRIS statis lebih dari 512 karakter.',
  qrisNoCrc: 'QRIS statis tidak diakhiri CRC-nya (tag 63, empat digit heksadesimal).',
  qrisFormatIndicator: 'QRIS statis tidak diawali tag 00 (payload format indicator "01").',
  qrisInitiation:
    'QRIS statis tidak memiliki tag 01 yang sah (point of initiation "11" atau "12").',
  qrisMerchantAccount: 'QRIS statis tidak memiliki informasi akun merchant (tag 26 sampai 51).',
  qrisCountry: 'QRIS statis bukan untuk Indonesia (tag 58 harus "ID").',
  qrisCurrency: 'QRIS statis bukan dalam rupiah (tag 53 harus "360").',
};

export const QRIS_PATTERNS_ID: Texts<typeof QRIS_PATTERNS> = {
  qrisNotEmv: 'QRIS statis bukan payload QR EMVCo: ',
  qrisWrongCrc:
    'CRC QRIS statis salah: diakhiri $1, isinya menghasilkan $2. Salin lagi seluruh teksnya.',
  qrisNotTag: '"$1" pada karakter $2 bukan tag',
  qrisNoLength: 'tag $1 pada karakter $2 tidak memiliki panjang dua digit',
  qrisFewerFollow: 'tag $1 menyebut $2 karakter, yang tersisa lebih sedikit',
  qrisRowAmount: 'nominalnya bukan angka positif',
  qrisRowAmountTooLong: 'nominalnya lebih dari $1 karakter',
  qrisRowNoBillNumber: 'nomor tagihannya kosong',
  qrisRowBillNumberTooLong: 'nomor tagihannya lebih dari $1 karakter',
  qrisRowBillNumberCharacters: 'nomor tagihannya berisi karakter yang tidak dapat dibawa QRIS',
  qrisRowPayloadTooLong: 'QRIS-nya akan lebih dari $1 karakter',
  qrisRowNoStatic:
    'belum ada QRIS statis tersimpan: administrator mengisi "QRIS Statis" di Pengaturan Perusahaan',
};
