// Bahasa Indonesia: every English text of the account screens, the layout and the notices.
// Loaded only when the language is chosen (the sign-in page does not carry it). The billing
// screens are Indonesian already and keep their texts. Typed against the English catalogue, so
// a text missing here is a type error.
import type { AUTH_TEXTS } from './en/auth';
import type { SIGN_IN_TEXTS } from './en/signIn';
import type { COMMON_TEXTS } from './en/common';
import type { GENERATOR_TEXTS } from './en/generator';
import type { PROFILE_TEXTS } from './en/profile';
import type { SHELL_TEXTS } from './en/shell';
import type { USERS_TEXTS } from './en/users';

type Texts<T> = { readonly [K in keyof T]: string };

export const SIGN_IN_ID: Texts<typeof SIGN_IN_TEXTS> = {
  signInTitle: 'Masuk',
  signInLead: 'Masuk untuk melanjutkan ke Dashboard Invoice.',
  signInForm: 'Masuk',
  signInButton: 'Masuk',
  email: 'Email',
  password: 'Kata sandi',
  forgotLink: 'Lupa kata sandi?',
  noAccount: 'Belum punya akun?',
  signUpLink: 'Daftar',
  tooManySignIns: 'Terlalu banyak percobaan masuk.',
  tooManyResets: 'Terlalu banyak permintaan atur ulang untuk alamat ini.',
  tryAgainSeconds: 'Coba lagi dalam {count} detik.',
  tryAgainSecond: 'Coba lagi dalam 1 detik.',
  tryAgainMinutes: 'Coba lagi dalam {count} menit.',
  tryAgainMinute: 'Coba lagi dalam 1 menit.',
  resetPasswordLink: 'Atur ulang kata sandi',
};

export const AUTH_ID: Texts<typeof AUTH_TEXTS> = {
  signUpTitle: 'Daftar',
  signUpLead: 'Buat akun. Administrator memverifikasinya sebelum Anda dapat masuk.',
  signUpForm: 'Daftar',
  name: 'Nama',
  confirmPassword: 'Konfirmasi kata sandi',
  strength: 'Kekuatan kata sandi',
  strengthLine: 'Kekuatan kata sandi:',
  signUpButton: 'Daftar',
  haveAccount: 'Sudah punya akun?',
  signInLink: 'Masuk',
  redirecting: 'Mengalihkan ke halaman masuk...',
  forgotTitle: 'Lupa Kata Sandi',
  forgotLead: 'Masukkan email Anda dan kami akan mengirim tautan untuk membuat kata sandi baru.',
  forgotForm: 'Lupa kata sandi',
  sendLink: 'Kirim Tautan Reset',
  backToSignIn: 'Kembali ke halaman Masuk',
  resetTitle: 'Atur Ulang Kata Sandi',
  resetLead: 'Pilih kata sandi baru minimal 8 karakter.',
  resetForm: 'Atur ulang kata sandi',
  resetIncomplete: 'Tautan reset ini tidak lengkap. Silakan minta tautan baru.',
  newPassword: 'Kata sandi baru',
  confirmNewPassword: 'Konfirmasi kata sandi baru',
  resetButton: 'Atur Ulang Kata Sandi',
  requestNewLink: 'Minta tautan baru',
  Weak: 'Lemah',
  Fair: 'Cukup',
  Good: 'Baik',
  Strong: 'Kuat',
};

export const COMMON_ID: Texts<typeof COMMON_TEXTS> = {
  language: 'Language',
  notifications: 'Notifikasi',
  dismissNotification: 'Tutup notifikasi',
  dismissMessage: 'Tutup pesan',
  reconnecting: 'Menyambung ulang…',
};

export const SHELL_ID: Texts<typeof SHELL_TEXTS> = {
  skipToContent: 'Langsung ke konten',
  sidebar: 'Bilah samping',
  mainNavigation: 'Navigasi utama',
  loadingNavigation: 'Memuat navigasi...',
  navigationFailed: 'Gagal memuat navigasi',
  retry: 'Coba lagi',
  noNavigation: 'Tidak ada item navigasi',
  expandSidebar: 'Buka bilah samping',
  collapseSidebar: 'Tutup bilah samping',
  breadcrumb: 'Jejak navigasi',
  home: 'Beranda',
  userMenuFor: 'Menu pengguna {name}',
  avatarOf: 'Avatar {name}',
  profile: 'Profil',
  rightToLeft: 'Tata letak kanan-ke-kiri',
  logout: 'Keluar',
  forbiddenTitle: 'Akses Ditolak',
  forbiddenText: 'Anda tidak memiliki izin untuk mengakses halaman ini.',
  notFoundTitle: 'Halaman Tidak Ditemukan',
  notFoundText: 'Halaman yang Anda cari tidak ada atau telah dipindahkan.',
  backToDashboard: 'Kembali ke Dashboard',
  goToSignIn: 'Ke halaman Masuk',
  close: 'Tutup',
};

export const USERS_ID: Texts<typeof USERS_TEXTS> = {
  description: 'Tambah, ubah, verifikasi, dan hapus akun tim penagihan.',
  addUser: 'Tambah Pengguna',
  filterUsers: 'Saring pengguna',
  searchUsers: 'Cari pengguna',
  searchPlaceholder: 'Nama, username, atau email',
  filterRole: 'Saring menurut peran',
  allRoles: 'Semua peran',
  filterVerification: 'Saring menurut verifikasi',
  allStatuses: 'Semua status',
  verified: 'Terverifikasi',
  unverified: 'Belum terverifikasi',
  loadingUsers: 'Memuat pengguna...',
  noMatch: 'Tidak ada pengguna yang cocok dengan saringan ini.',
  noUsers: 'Belum ada pengguna.',
  clearFilters: 'Hapus saringan',
  retry: 'Coba lagi',
  usersTable: 'Tabel pengguna',
  name: 'Nama',
  username: 'Username',
  email: 'Email',
  role: 'Peran',
  status: 'Status',
  created: 'Dibuat',
  actions: 'Aksi',
  unknownRole: 'Tidak diketahui',
  edit: 'Ubah',
  verify: 'Verifikasi',
  invalidate: 'Batalkan verifikasi',
  delete: 'Hapus',
  editWho: 'Ubah {who}',
  verifyWho: 'Verifikasi {who}',
  invalidateWho: 'Batalkan verifikasi {who}',
  deleteWho: 'Hapus {who}',
  users: 'Pengguna',
  pagesOf: 'Halaman {label}',
  noEntries: 'Tidak ada data',
  showing: 'Menampilkan {first}–{last} dari {total}',
  rowsPerPage: 'Baris per halaman',
  previous: 'Sebelumnya',
  pageOf: 'Halaman {page} dari {pages}',
  next: 'Berikutnya',
  editUser: 'Ubah Pengguna',
  cancel: 'Batal',
  saveChanges: 'Simpan Perubahan',
  nameHint: 'Opsional; username dipakai bila dikosongkan',
  usernameHint: 'Minimal 3 karakter',
  password: 'Kata sandi',
  passwordPlaceholder: 'Minimal 6 karakter',
  confirmPassword: 'Konfirmasi kata sandi',
  verifiedHintOn: 'Akun dapat langsung masuk setelah dibuat.',
  verifiedHintOff: 'Akun menunggu sampai administrator memverifikasinya.',
  staff: 'Staf',
  admin: 'Admin',
  deleteTitle: 'Hapus pengguna',
  deleteBody: 'Hapus {who}? Akun dan sesinya dihapus. Tindakan ini tidak bisa dibatalkan.',
  verifyTitle: 'Verifikasi pengguna',
  verifyBody: 'Verifikasi {who}? Pengguna dapat masuk setelahnya.',
  invalidateTitle: 'Batalkan verifikasi pengguna',
  invalidateBody:
    'Batalkan verifikasi {who}? Akun kembali belum terverifikasi dan semua sesinya berakhir.',
  notes: 'Catatan (opsional)',
  lastAdminNote:
    'Administrator terverifikasi terakhir tidak dapat dibatalkan verifikasinya atau dihapus. Verifikasi administrator lain terlebih dahulu.',
  lastAdminEditNote: 'Administrator terverifikasi terakhir tetap Admin dan tetap terverifikasi.',
};

export const PROFILE_ID: Texts<typeof PROFILE_TEXTS> = {
  title: 'Pengaturan Profil',
  description: 'Detail akun, foto, kata sandi, dan aktivitas terbaru Anda.',
  refresh: 'Muat ulang',
  loadingProfile: 'Memuat profil...',
  role: 'Peran',
  status: 'Status',
  verified: 'Terverifikasi',
  unverified: 'Belum terverifikasi',
  unknownRole: 'Tidak diketahui',
  memberSince: 'Anggota sejak',
  accountDetails: 'Detail Akun',
  name: 'Nama',
  email: 'Email',
  saveChanges: 'Simpan Perubahan',
  changePassword: 'Ganti Kata Sandi',
  sessions: 'Sesi',
  sessionsText: 'Keluar dari semua tempat akun ini sedang masuk, termasuk peramban ini.',
  logoutAll: 'Keluar dari semua perangkat',
  logoutAllText: 'Semua sesi akun Anda berakhir, termasuk sesi ini. Anda perlu masuk lagi.',
  logoutEverywhere: 'Keluar di mana saja',
  cancel: 'Batal',
  close: 'Tutup',
  previewAlt: 'Pratinjau foto profil baru',
  pictureAlt: 'Foto profil {name}',
  choosePicture: 'Pilih foto profil',
  upload: 'Unggah',
  changePicture: 'Ganti Foto',
  pictureRule: 'JPEG, PNG, GIF, atau WebP, maksimal 5 MB.',
  activityTitle: 'Aktivitas Akun',
  reloadActivity: 'Muat ulang aktivitas',
  loadingActivity: 'Memuat aktivitas...',
  noActivity: 'Belum ada aktivitas tercatat.',
  activityTable: 'Tabel aktivitas terbaru',
  action: 'Tindakan',
  descriptionColumn: 'Keterangan',
  ipAddress: 'Alamat IP',
  userAgent: 'Agen Pengguna',
  date: 'Tanggal',
  activity: 'Aktivitas',
  currentPassword: 'Kata sandi saat ini',
  newPassword: 'Kata sandi baru',
  passwordPlaceholder: 'Minimal 8 karakter',
  confirmNewPassword: 'Konfirmasi kata sandi baru',
};

/**
 * Texts that reach the screen from elsewhere (validation, the error catalogue of spec §8, the
 * navigation guard, the server's answers), by their English wording.
 */
export const GENERATOR_ID: Texts<typeof GENERATOR_TEXTS> = {
  description:
    'Gabungkan template Word dengan baris Excel menjadi satu dokumen, langsung di browser Anda.',
  reset: 'Atur Ulang',
  step1: 'Langkah 1: Unggah Berkas',
  docxTemplate: 'Template DOCX',
  excelData: 'Data Excel (.xlsx, .xls, .xlsm, .ods, .csv, .tsv, .txt)',
  sheet: 'Lembar',
  step2: 'Langkah 2: Pilih Baris Data',
  selectAll: 'Pilih Semua',
  selectNone: 'Kosongkan Pilihan',
  selectedRows: 'Dipilih: {selected} / {total} baris',
  filterRows: 'Saring baris',
  selectMatching: 'Pilih yang Cocok',
  showingRows: 'Ditampilkan: {shown} / {total} baris',
  dataPreview: 'Pratinjau data',
  dataRows: 'Baris data',
  selectAllRows: 'Pilih semua baris',
  selectRow: 'Pilih baris {row}',
  number: 'No.',
  step3: 'Langkah 3: Petakan Kolom Template',
  autoMap: 'Petakan Otomatis Nama Serupa',
  clearMappings: 'Hapus Semua Pemetaan',
  templateField: 'Kolom Template',
  excelColumn: 'Kolom Excel',
  format: 'Format',
  notMapped: 'Kolom ini belum dipetakan',
  selectColumn: '-- Pilih kolom --',
  formatFor: 'Format untuk {field}',
  step4: 'Langkah 4: Buat Dokumen',
  mapAllFirst: 'Petakan semua kolom template sebelum membuat dokumen.',
  output: 'Hasil',
  mergedOutput: 'Satu dokumen gabungan',
  zipOutput: 'Satu berkas per baris (.zip)',
  nameFilesBy: 'Nama berkas dari',
  generateZip: 'Buat {count} Berkas (.zip)',
  generateMerged: 'Buat Dokumen Gabungan ({count} bagian)',
  exportXlsx: 'Ekspor XLSX',
  previewRow: 'Pratinjau Baris',
  cancel: 'Batal',
  generationProgress: 'Kemajuan pembuatan',
  sectionsProcessed: '{processed} / {total} bagian diproses',
  exporting: 'Mengekspor baris terpilih…',
  analysing: 'Menganalisis template…',
  reading: 'Membaca berkas Excel…',
  previewing: 'Menyiapkan pratinjau…',
  previewOfRow: 'Pratinjau baris {row} ({position} / {count} dipilih)',
  previous: 'Sebelumnya',
  next: 'Berikutnya',
  closePreview: 'Tutup Pratinjau',
  documentPreview: 'Pratinjau dokumen',
  header: 'Kepala halaman',
  footer: 'Kaki halaman',
  asInSheet: 'Seperti di lembar',
  numberFormat: 'Angka',
  dateFormat: 'Tanggal',
  upperCase: 'HURUF BESAR',
};

/**
 * The generator's notices that carry counts, names or a worker's detail (spec §5), by their
 * English wording: the detail itself ('Row 3: …') stays as the worker wrote it.
 */
export const PATTERNS_ID: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /^Word fields not filled by the generator: (.+)\. They keep the result the template shows\.$/,
    'Field Word yang tidak diisi oleh generator: $1. Field tersebut tetap menampilkan hasil yang ada di templat.',
  ],
  [
    /^Successfully generated merged document with (\d+) sections?/,
    'Berhasil membuat dokumen gabungan dengan $1 bagian',
  ],
  [
    /^Successfully generated (\d+) files? in (.+?)(?= \(\d+ rows? skipped|$)/,
    'Berhasil membuat $1 berkas dalam $2',
  ],
  [/^Successfully exported (\d+) rows? to (.+)$/, 'Berhasil mengekspor $1 baris ke $2'],
  [
    / \((\d+) rows? skipped due to insufficient data\)$/,
    ' ($1 baris dilewati karena datanya tidak lengkap)',
  ],
  [/^Error reading Excel file: /, 'Gagal membaca berkas Excel: '],
  [/^Error reading Excel sheet: /, 'Gagal membaca lembar Excel: '],
  [/^Error generating documents: /, 'Gagal membuat dokumen: '],
  [/^Error exporting to XLSX: /, 'Gagal mengekspor ke XLSX: '],
  [/^Error previewing row: /, 'Gagal menampilkan pratinjau baris: '],
];

export const PHRASES_ID: Readonly<Record<string, string>> = {
  // Validation (spec §5)
  'Email is required': 'Email wajib diisi',
  'Please enter a valid email address': 'Masukkan alamat email yang valid',
  'Password is required': 'Kata sandi wajib diisi',
  'Password must be at least 6 characters': 'Kata sandi minimal 6 karakter',
  'Password must be at least 8 characters': 'Kata sandi minimal 8 karakter',
  'Password must be at most 128 characters': 'Kata sandi maksimal 128 karakter',
  'Please confirm your password': 'Konfirmasi kata sandi Anda',
  'Passwords do not match': 'Kata sandi tidak cocok',
  'Name is required': 'Nama wajib diisi',
  'Name must be at least 2 characters': 'Nama minimal 2 karakter',
  'Name must be at most 100 characters': 'Nama maksimal 100 karakter',
  'Username is required': 'Username wajib diisi',
  'Username must be at least 3 characters': 'Username minimal 3 karakter',
  'Username must be at most 50 characters': 'Username maksimal 50 karakter',
  'Username must not contain spaces': 'Username tidak boleh berisi spasi',
  'Username may contain only letters, digits, dots, dashes and underscores':
    'Username hanya boleh berisi huruf, angka, titik, tanda hubung dan garis bawah',
  'Role is required': 'Peran wajib diisi',
  'Role must be admin or staff': 'Peran harus admin atau staff',
  'Current password is required': 'Kata sandi saat ini wajib diisi',
  'New password is required': 'Kata sandi baru wajib diisi',
  'New password must be at least 8 characters': 'Kata sandi baru minimal 8 karakter',
  'New password must be different from current password':
    'Kata sandi baru harus berbeda dari kata sandi saat ini',
  'Reset token is missing or invalid': 'Token reset tidak ada atau tidak valid',
  'No changes detected. Please modify your profile information.':
    'Tidak ada perubahan. Silakan ubah informasi profil Anda.',
  'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.':
    'Berkas tidak valid. Pilih berkas gambar yang valid (JPEG, PNG, GIF, WebP) di bawah 5MB.',
  // Screen messages (spec §8)
  'Invalid email or password. Please try again.': 'Email atau kata sandi salah. Silakan coba lagi.',
  'Your account is pending verification. Please contact an administrator.':
    'Akun Anda menunggu verifikasi. Silakan hubungi administrator.',
  'An unexpected error occurred. Please try again.':
    'Terjadi kesalahan tak terduga. Silakan coba lagi.',
  'An account with this email already exists.': 'Akun dengan email ini sudah ada.',
  'Invalid registration data. Please check your inputs.':
    'Data pendaftaran tidak valid. Periksa kembali isian Anda.',
  'Registration successful. Please wait for admin verification.':
    'Pendaftaran berhasil. Silakan tunggu verifikasi admin.',
  'No account found with this email address.': 'Tidak ada akun dengan alamat email ini.',
  'Too many requests. Please wait before trying again.':
    'Terlalu banyak permintaan. Tunggu sebentar sebelum mencoba lagi.',
  'Failed to load profile. Please try again.': 'Gagal memuat profil. Silakan coba lagi.',
  'Email address is already in use by another account.': 'Alamat email sudah dipakai akun lain.',
  'Invalid profile data. Please check your inputs.':
    'Data profil tidak valid. Periksa kembali isian Anda.',
  'Current password is incorrect.': 'Kata sandi saat ini salah.',
  'New password does not meet security requirements.':
    'Kata sandi baru tidak memenuhi syarat keamanan.',
  'Login failed': 'Gagal masuk',
  'Registration failed': 'Pendaftaran gagal',
  'Failed to fetch menus': 'Gagal memuat menu',
  'Failed to fetch user menus': 'Gagal memuat menu pengguna',
  'Failed to fetch profile': 'Gagal memuat profil',
  'Failed to update profile': 'Gagal memperbarui profil',
  'Failed to change password': 'Gagal mengganti kata sandi',
  'Failed to upload profile image': 'Gagal mengunggah foto profil',
  'Failed to fetch account activity': 'Gagal memuat aktivitas akun',
  'Failed to fetch profile image': 'Gagal memuat foto profil',
  'Failed to send password reset email': 'Gagal mengirim email reset kata sandi',
  'Failed to reset password': 'Gagal mengatur ulang kata sandi',
  'Failed to log out of all devices': 'Gagal keluar dari semua perangkat',
  'Failed to fetch users': 'Gagal memuat pengguna',
  'Failed to create user': 'Gagal membuat pengguna',
  'Failed to update user': 'Gagal memperbarui pengguna',
  'Failed to delete user': 'Gagal menghapus pengguna',
  'Failed to verify user': 'Gagal memverifikasi pengguna',
  'Failed to invalidate user': 'Gagal membatalkan verifikasi pengguna',
  // Notices (spec §2 guard, §8 catalogue)
  'Sign In Required': 'Perlu Masuk',
  'Please sign in to access this page.': 'Silakan masuk untuk mengakses halaman ini.',
  'Access Denied': 'Akses Ditolak',
  "You don't have permission to access this page.":
    'Anda tidak memiliki izin untuk mengakses halaman ini.',
  'Permission Check Failed': 'Pemeriksaan Izin Gagal',
  'Unable to verify permissions. Contact support if issues persist.':
    'Tidak dapat memeriksa izin. Hubungi dukungan jika masalah berlanjut.',
  'Already Signed In': 'Sudah Masuk',
  'You are already signed in.': 'Anda sudah masuk.',
  'Navigation Error': 'Kesalahan Navigasi',
  'Session Expired': 'Sesi Berakhir',
  'Your session has expired. Redirecting to sign in...':
    'Sesi Anda telah berakhir. Mengalihkan ke halaman masuk...',
  'You do not have permission to perform this action.':
    'Anda tidak memiliki izin untuk melakukan tindakan ini.',
  'Invalid Input': 'Isian Tidak Valid',
  'Too Many Requests': 'Terlalu Banyak Permintaan',
  'Too many requests. Please wait a moment before trying again.':
    'Terlalu banyak permintaan. Tunggu sebentar sebelum mencoba lagi.',
  'The system is temporarily unavailable for maintenance.':
    'Sistem sedang tidak tersedia karena pemeliharaan.',
  'Something went wrong on our end. Please try again later.':
    'Terjadi kesalahan di sisi kami. Silakan coba lagi nanti.',
  'Unable to connect to the server. The backend service may be down.':
    'Tidak dapat terhubung ke server. Layanan backend mungkin sedang mati.',
  'Network connection failed. Please check your internet connection.':
    'Koneksi jaringan gagal. Periksa koneksi internet Anda.',
  'Network error. Please check your connection.': 'Kesalahan jaringan. Periksa koneksi Anda.',
  'Request timed out. Please try again.': 'Waktu permintaan habis. Silakan coba lagi.',
  'Connection Lost': 'Koneksi Terputus',
  'You are currently offline. Some features may not work properly.':
    'Anda sedang offline. Beberapa fitur mungkin tidak berfungsi dengan baik.',
  'Connection Restored': 'Koneksi Pulih',
  'The server is reachable again.': 'Server dapat dijangkau kembali.',
  'Still working': 'Masih diproses',
  'This is taking longer than expected. Please try again.':
    'Ini memakan waktu lebih lama dari perkiraan. Silakan coba lagi.',
  'An unexpected error occurred.': 'Terjadi kesalahan tak terduga.',
  'An error occurred': 'Terjadi kesalahan',
  'Resource not found': 'Data tidak ditemukan',
  // Profile messages
  'Profile updated successfully': 'Profil berhasil diperbarui',
  'Profile image updated successfully': 'Foto profil berhasil diperbarui',
  'Password changed successfully.': 'Kata sandi berhasil diganti.',
  // User management banners
  'User created successfully': 'Pengguna berhasil dibuat',
  'User created successfully.': 'Pengguna berhasil dibuat.',
  'User updated successfully': 'Pengguna berhasil diperbarui',
  'User deleted successfully': 'Pengguna berhasil dihapus',
  'User verified successfully': 'Pengguna berhasil diverifikasi',
  'User invalidated successfully': 'Verifikasi pengguna berhasil dibatalkan',
  'This username is already taken.': 'Username ini sudah dipakai.',
  // Sidebar groups and page names that are English
  'BILLING MANAGEMENT': 'MANAJEMEN TAGIHAN',
  'SYSTEM MANAGEMENT': 'MANAJEMEN SISTEM',
  'Profile Settings': 'Pengaturan Profil',
  'Page Not Found': 'Halaman Tidak Ditemukan',
  // Route titles of the browser tab (spec §2) that are English
  'Sign In': 'Masuk',
  'Sign Up': 'Daftar',
  'Forgot Password': 'Lupa Kata Sandi',
  'Reset Password': 'Atur Ulang Kata Sandi',
  // Loading overlay and the page error of the router
  'Loading...': 'Memuat...',
  'Connecting the inspector...': 'Menghubungkan inspektur...',
  'Something went wrong': 'Terjadi kesalahan',
  'This page could not be loaded. Please check your connection and try again.':
    'Halaman ini tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.',
  'This page stopped working because of an unexpected error.':
    'Halaman ini berhenti bekerja karena kesalahan tak terduga.',
  Reload: 'Muat ulang',
  // Generator notices and hints (spec §5)
  'Please select a valid DOCX file': 'Pilih berkas DOCX yang valid',
  'Please select a valid Excel, ODS or CSV file (.xlsx, .xls, .xlsm, .ods, .csv, .tsv or .txt)':
    'Pilih berkas Excel, ODS atau CSV yang valid (.xlsx, .xls, .xlsm, .ods, .csv, .tsv atau .txt)',
  'File size must be less than 10MB': 'Ukuran berkas harus kurang dari 10MB',
  'Warning: No placeholders found in template. Make sure your template contains {placeholder} tags.':
    'Peringatan: Tidak ada placeholder di template. Pastikan template Anda berisi tag {placeholder}.',
  'Please upload a template and select data rows': 'Unggah template dan pilih baris data',
  'Please select data rows to export': 'Pilih baris data yang akan diekspor',
  'Please map all template fields before exporting':
    'Petakan semua kolom template sebelum mengekspor',
  'All data has been reset. You can start fresh!':
    'Semua data telah diatur ulang. Anda bisa mulai dari awal!',
  'Generation cancelled': 'Pembuatan dibatalkan',
  'Export cancelled': 'Ekspor dibatalkan',
  'Template analysis cancelled': 'Analisis template dibatalkan',
  'Reading the Excel file cancelled': 'Pembacaan berkas Excel dibatalkan',
};

export const ID_CATALOGUE = {
  common: COMMON_ID,
  signIn: SIGN_IN_ID,
  auth: AUTH_ID,
  shell: SHELL_ID,
  users: USERS_ID,
  profile: PROFILE_ID,
  generator: GENERATOR_ID,
  phrases: PHRASES_ID,
  patterns: PATTERNS_ID,
} as const;
export type IdCatalogue = typeof ID_CATALOGUE;
