// Bahasa Indonesia of the generator's e-mail outputs.
import type { MAIL_TEXTS } from './en/mail';

type Texts<T> = { readonly [K in keyof T]: string };

export const MAIL_ID: Texts<typeof MAIL_TEXTS> = {
  heading: 'E-mail per baris',
  sendTo: 'Kirim ke',
  noColumn: '(pilih kolom)',
  subject: 'Subjek',
  message: 'Pesan',
  replyTo: 'Balas ke (Reply-To)',
  optional: 'opsional',
  invoiceKey: 'Kunci tagihan',
  period: 'Periode pengiriman',
  noPeriods: 'Belum ada periode: buat tagihan periodenya dahulu.',
  fieldsHint: 'Tulis {Kolom} untuk mengisi nilai baris, mis. Tagihan {Nomor_Tagihan}.',
  previewHeading: 'E-mail baris {row}',
  to: 'Kepada',
  attachment: 'Lampiran',
  notSentHeading: 'Tidak akan dikirim',
  checking: 'Memeriksa e-mail: {done} dari {total} baris…',
  andMore: '{list} dan {more} lainnya',
  allSendable: 'Semua baris memiliki alamat yang valid.',
  noAddress: '{count} baris tanpa alamat yang valid: baris {rows}',
  noAddressOne: '1 baris tanpa alamat yang valid: baris {rows}',
  badAddressOne: '1 baris dengan alamat yang tidak valid: baris {rows}',
  headerBreakingOne:
    '1 baris berisi pindah baris atau karakter kendali di alamat atau subjek: baris {rows}',
  noKeyOne: '1 baris tanpa kunci tagihan: baris {rows}',
  duplicateKeyOne: '1 baris mengulang kunci tagihan dari baris sebelumnya: baris {rows}',
  sentBeforeOne:
    '1 baris memiliki kunci tagihan yang sudah dikirim untuk periode ini (kirim ulang di Pengiriman): baris {rows}',
  badAddress: '{count} baris dengan alamat yang tidak valid: baris {rows}',
  headerBreaking:
    '{count} baris berisi pindah baris atau karakter kontrol di alamat atau subjek: baris {rows}',
  noKey: '{count} baris tanpa kunci tagihan: baris {rows}',
  duplicateKey: '{count} baris mengulang kunci tagihan dari baris sebelumnya: baris {rows}',
  badReplyTo: 'Alamat Reply-To tidak valid.',
  sendMails: 'Kirim e-mail…',
  confirmSend: 'Kirim {count} e-mail untuk periode {period} dari {sender}?',
  senderUnknown: 'alamat pengirim server',
  send: 'Kirim {count} e-mail',
  cancel: 'Batal',
  preparing: 'Menyiapkan lampiran: {done} dari {total}',
  noneToSend: 'Tidak ada baris yang dapat dikirim.',
  handedOver: '{count} e-mail diserahkan ke server.',
  notQueued:
    '{count} tagihan tidak diantrekan (sudah dikirim untuk periode ini, atau ditolak server): {keys}',
  openDeliveries: 'Buka Pengiriman',
  sentBefore:
    '{count} baris dengan kunci tagihan yang sudah dikirim untuk periode ini (kirim ulang di Pengiriman): baris {rows}',
};
