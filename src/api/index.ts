// Public surface of the browser API client. UI and the app root import from here only.

export * from './config';
export * from './tokens';
export * from './errors';
export * from './errorHistory';
export * from './errorEvents';
export * from './messages';
export { isBinaryBody, toCamelCase, toSnakeCase } from './case';
export {
  ApiRequestError,
  createHttpClient,
  getHttpClient,
  isApiRequestError,
  isNoRefreshPath,
  REFRESH_LOCK_NAME,
  setAuthFailureHandler,
  type ApiEnvelope,
  type AuthFailureHandler,
  type AuthFailureReason,
  type FailureKind,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type LockManagerLike,
  type RequestOptions,
} from './http';
export type { Pagination, ServiceResult } from './services/result';
export type {
  AuthService,
  AuthTokens,
  LoginData,
  RegisterInput,
  SessionUser,
} from './services/auth';
export type {
  AccountProfile,
  AccountService,
  ActivityEntry,
  ActivityPage,
  ChangePasswordInput,
} from './services/account';
export type {
  ListedUser,
  NewUser,
  UserList,
  UserListQuery,
  UsersService,
  UserUpdate,
} from './services/users';
export type {
  InvoiceSummariesService,
  SummaryFields,
  SummaryList,
  SummaryListQuery,
} from './services/invoiceSummaries';
export type { MenuInput, MenusService } from './services/menus';
export type { AuditEventPage, AuditEventQuery, AuditEventsService } from './services/auditEvents';
export type { ExportFile, ExportFormat, ExportsService } from './services/exports';
export type { VersionedWrite } from './services/result';
export { createServices, getServices, type Services } from './services';
// The app-wide services, each built on its first call: importing this module has no side
// effects, and a bundle keeps only the services it calls.
export { auth } from './services/auth';
export { account } from './services/account';
export { users } from './services/users';
export { invoiceSummaries } from './services/invoiceSummaries';
export { menus } from './services/menus';
export { auditEvents } from './services/auditEvents';
export { exportsService } from './services/exports';
