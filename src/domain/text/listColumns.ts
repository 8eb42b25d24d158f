// Column headers of the lists a user can export, written once for the table on screen and the
// exported file (issue 25 "Exports of exactly what is shown"). The user list's headers are the
// texts of Manajemen User (i18n/en/users.ts and its Indonesian); the summaries' are Indonesian.

/** The summaries table of /update-progress-bill. */
export const SUMMARY_LIST_HEADERS = {
  period: 'Periode',
  activeCustomers: 'Pelanggan Aktif',
  transactions: 'Transaksi Layanan',
  amount: 'Nilai Transaksi',
  progress: 'Progres',
  updated: 'Diubah',
} as const;
