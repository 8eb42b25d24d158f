// Public surface of the browser API client, for the screens loaded after sign-in (their wiring in
// src/ui/wiring/ imports from here). The shell's wiring (shell.ts, shellApi.ts, shellApiLoader.ts)
// imports the few modules it needs one by one, so the sign-in page does not carry the services of
// the other screens. Within src/ui, only the wiring and the developer network panel import src/api.

// The app-wide services, each built on its first call: importing this module has no side
// effects, and a bundle keeps only the services it calls.
export { auth } from './services/auth';
export { account } from './services/account';
export { users } from './services/users';
export { invoiceSummaries } from './services/invoiceSummaries';
export { documents } from './services/documents';
export { generationRuns } from './services/generationRuns';
export { deliveries } from './services/deliveries';
export { auditEvents } from './services/auditEvents';
export { exportFiles } from './services/exports';
export { companySettings } from './services/companySettings';
export { efakturRecords } from './services/efakturRecords';
export { FALLBACK } from './messages';
export type { ErrorHistoryEntry } from './errorHistory';
