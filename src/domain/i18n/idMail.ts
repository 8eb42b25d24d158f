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
  confirmSendOne: 'Kirim 1 e-mail untuk periode {period} dari {sender}?',
  senderUnknown: 'alamat pengirim server',
  send: 'Kirim {count} e-mail',
  sendOne: 'Kirim 1 e-mail',
  cancel: 'Batal',
  preparing: 'Menyiapkan lampiran: {done} dari {total}',
  noneToSend: 'Tidak ada baris yang dapat dikirim.',
  handedOver: '{count} e-mail diserahkan ke server.',
  handedOverOne: '1 e-mail diserahkan ke server.',
  notQueued:
    '{count} tagihan tidak diantrekan (sudah dikirim untuk periode ini, atau ditolak server): {keys}',
  notQueuedOne:
    '1 tagihan tidak diantrekan (sudah dikirim untuk periode ini, atau ditolak server): {keys}',
  openDeliveries: 'Buka Pengiriman',
  pdfOutput: 'E-mail per baris (lampiran PDF)',
  docxOutput: 'E-mail per baris (lampiran .docx)',
  pdfOutputGroups: 'E-mail per grup (lampiran PDF)',
  docxOutputGroups: 'E-mail per grup (lampiran .docx)',
  converting: 'Mengonversi lampiran ke PDF…',
  documentsMismatch:
    '{made} dokumen dibuat untuk {mails} e-mail, jadi tidak ada yang dikirim. Periksa baris yang dipilih lalu coba lagi.',
  moreRows: '{rows} dan {count} lainnya',
  showAllRows: 'Tampilkan semua {count} baris',
  error_tooManyRecipients: 'Satu pengiriman berisi paling banyak {limit} penerima.',
  error_badRecipient:
    'Penerima {recipient} dalam pengiriman tidak lengkap (baris, kunci, tujuan, subjek, pesan).',
  error_periodNotFound: 'Periode {period} tidak ada.',
  error_badPages: 'Baris {row}: halamannya tidak berada dalam {pages} halaman PDF.',
  error_missingDocx: 'Baris {row}: file .docx-nya tidak ada.',
  error_badDocx: 'Baris {row}: file .docx-nya bukan dokumen Word yang dapat dikirim.',
  error_userJobLimit:
    'Anda sudah memulai {limit} pengiriman hari ini, batas harian. Coba lagi besok (UTC).',
  error_userRecipientLimit:
    'Pengiriman ini akan melewati batas harian {limit} penerima Anda. Kirim lebih sedikit baris, atau sisanya besok (UTC).',
  sentBefore:
    '{count} baris dengan kunci tagihan yang sudah dikirim untuk periode ini (kirim ulang di Pengiriman): baris {rows}',
};
