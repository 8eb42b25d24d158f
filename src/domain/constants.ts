// Business constants and limits of docs/product.md#limits that both sides (or several screens) need.

export const PAGINATION = {
  defaultPageSize: 10,
  maxPageSize: 100,
  pageSizeChoices: [5, 10, 25, 50, 100],
  /** /update-progress-bill list: limit 50, newest period first. */
  summaryListPageSize: 50,
  /** Dashboard: summaries of one period, aggregated on the client. */
  dashboardPeriodLimit: 100,
  /** Dashboard overview: limit 50, then the most recent periods. */
  dashboardOverviewLimit: 50,
  dashboardOverviewPeriods: 6,
} as const;

export const CACHE_MS = {
  default: 5 * 60_000,
  dashboard: 3 * 60_000,
  users: 5 * 60_000,
  invoices: 5 * 60_000,
  menus: 5 * 60_000,
  profile: 60_000,
  maxEntries: 100,
} as const;

/** How long things stay on screen (ms). */
export const TIMING_MS = {
  messageDisplay: 5000,
  progressDialogClose: 1500,
  redirectAfterSignUp: 3000,
  redirectAfterResetEmail: 5000,
  redirectAfterCreateBill: 2000,
  closeAfterPasswordChange: 2000,
  userSearchDebounce: 500,
  formDebounce: 300,
  loadingDelay: 300,
  loadingTimeout: 30_000,
  apiTimeout: 10_000,
  retryDelay: 1000,
} as const;

export const LIMITS = {
  profileImageBytes: 5 * 1024 * 1024,
  /** Each generator upload (template or workbook), docs/product.md#input-rules/#limits: 10,485,760 bytes. */
  generatorFileBytes: 10 * 1024 * 1024,
  /** A data file (workbook or CSV): a month of 100,000 call lines is 11 MB as .xlsx, 23 MB as CSV. */
  dataFileBytes: 50 * 1024 * 1024,
  passwordMinSignIn: 6,
  passwordMinChange: 8,
  usernameMin: 3,
  nameMin: 2,
} as const;

/** docs/product.md#input-rules: the text of a generator upload over LIMITS.generatorFileBytes. */
export const GENERATOR_FILE_TOO_LARGE = 'File size must be less than 10MB';

/**
 * A data file over LIMITS.dataFileBytes: its size, the limit, and what to do
 * (docs/values.md). `size` is formatFileSize's text.
 */
export function dataFileTooLarge(name: string | undefined, size: string): string {
  return `${name === undefined ? 'The data file' : `"${name}"`} is ${size}; a data file can be at most 50 MB. Split it into smaller files (for example by month or by area) and read them one at a time.`;
}

export const DEFAULT_PROFILE_IMAGE = '/img/profile.png';
