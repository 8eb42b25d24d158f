// Texts of docs/product.md#messages "Screen-specific" and the service fallbacks, as status → message tables
// that services and screens share.

import type { StatusMessages } from './signInMessages';

export { SIGN_IN_MESSAGES, type StatusMessages } from './signInMessages';

export const SIGN_UP_MESSAGES: StatusMessages = Object.freeze({
  400: 'Invalid registration data. Please check your inputs.',
  409: 'An account with this email already exists.',
});
// Written once, in the English catalogue (src/domain/i18n/en/auth).
export { SIGN_UP_SUCCESS } from '../domain/i18n/en/auth';

export const FORGOT_PASSWORD_MESSAGES: StatusMessages = Object.freeze({
  404: 'No account found with this email address.',
  429: 'Too many requests. Please wait before trying again.',
});

export const PROFILE_UPDATE_MESSAGES: StatusMessages = Object.freeze({
  400: 'Invalid profile data. Please check your inputs.',
  409: 'Email address is already in use by another account.',
});
export const CHANGE_PASSWORD_MESSAGES: StatusMessages = Object.freeze({
  400: 'Current password is incorrect.',
  422: 'New password does not meet security requirements.',
});

export const CREATE_BILL_ENDPOINT_NOT_FOUND =
  'Endpoint tidak ditemukan. Silakan hubungi administrator.';
export const CREATE_BILL_SERVER_ERROR = 'Terjadi kesalahan pada server. Silakan coba lagi nanti.';
export const CREATE_BILL_DEFAULT_ERROR = 'Terjadi kesalahan saat menyimpan data';
export function createBillPeriodExists(period: string): string {
  return `Invoice summary untuk periode ${period} sudah ada. Gunakan halaman Update untuk mengubah data.`;
}
/** Create bill (docs/product.md#messages): 409 → period exists, 404 → endpoint, ≥ 500 → server, else default. */
export function createBillErrorMessage(
  status: number,
  period: string,
  serverMessage?: string,
): string {
  if (status === 409) return createBillPeriodExists(period);
  if (status === 404) return CREATE_BILL_ENDPOINT_NOT_FOUND;
  if (status >= 500) return CREATE_BILL_SERVER_ERROR;
  return serverMessage || CREATE_BILL_DEFAULT_ERROR;
}

export const FALLBACK = Object.freeze({
  login: 'Login failed',
  register: 'Registration failed',
  logout: 'Logout failed',
  logoutAll: 'Failed to log out of all devices',
  forgotPassword: 'Failed to send password reset email',
  resetPassword: 'Failed to reset password',
  refresh: 'Failed to refresh session',
  menus: 'Failed to fetch menus',
  userMenus: 'Failed to fetch user menus',
  menu: 'Failed to fetch menu',
  createMenu: 'Failed to create menu',
  updateMenu: 'Failed to update menu',
  deleteMenu: 'Failed to delete menu',
  profile: 'Failed to fetch profile',
  updateProfile: 'Failed to update profile',
  changePassword: 'Failed to change password',
  uploadProfileImage: 'Failed to upload profile image',
  activity: 'Failed to fetch account activity',
  profileImage: 'Failed to fetch profile image',
  users: 'Failed to fetch users',
  user: 'Failed to fetch user',
  createUser: 'Failed to create user',
  updateUser: 'Failed to update user',
  deleteUser: 'Failed to delete user',
  verifyUser: 'Failed to verify user',
  invalidateUser: 'Failed to invalidate user',
  dashboardLoad: 'Gagal memuat data dashboard',
  dashboardError: 'Terjadi kesalahan saat memuat data dashboard',
  summary: 'Gagal memuat invoice summary',
  updateSummary: 'Gagal mengupdate invoice summary',
  deleteSummary: 'Gagal menghapus invoice summary',
  statistics: 'Gagal memuat statistik invoice summary',
  noSummaryForPeriod: 'No invoice summary found for this period',
  progressSave: 'Terjadi kesalahan saat menyimpan progress',
  pdfCapability: 'Failed to check whether PDF conversion is available',
  pdfConversion: 'Failed to convert the document to PDF',
  pdfCancelled: 'PDF conversion cancelled',
  generationRuns: 'Failed to load the generation history',
  companySettings: 'Failed to load the company settings',
  saveCompanySettings: 'Failed to save the company settings',
  efakturRecords: 'Failed to load the e-Faktur history',
  recordEfaktur: 'Failed to record the e-Faktur export',
  recordGenerationRun: 'Failed to record the generation run',
  deliveries: 'Failed to load the deliveries',
  deliveryAction: 'Failed to change the delivery',
  deliveryCreate: 'Failed to hand the e-mails to the server',
  exportDeliveryFailed: 'Failed to export the failed rows',
  auditEvents: 'Failed to fetch the change history',
  summaryHistory: 'Gagal memuat riwayat perubahan',
  exportUsers: 'Failed to export users',
  exportSummaries: 'Gagal mengekspor progres tagihan',
} as const);

export const PROGRESS_SAVED = 'Progress berhasil diupdate!';
