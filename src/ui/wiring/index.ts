// src/ui/wiring: the one place where machines get their services (src/api, the worker bridge,
// the browser). One file per area; a page imports its area's file directly, never this index,
// so a page's chunk carries only its own services:
//   shell.ts          the shell's long-lived actors (auth, menus, notifications, connectivity,
//                     navigation guard, global loading) and `Kept`, what outlives a page
//   shellApiLoader.ts loads shellApi.ts (the API client) on the first call, off the /signin path
//   billing.ts        dashboard, bill form, progress dialog, summary list
//   users.ts          user list and user form
//   profile.ts        profile and change-password (and the kept profile cache)
//   generator.ts      the document generator, through src/workers/bridge
//
// Long-lived state: nothing is kept in module variables or set up at import time. What outlives a
// page (the dashboard actor, under systemId 'dashboard'; the profile cache; whether the user left
// /dashboard) is kept by the shell (`shell.kept`, see Kept in shell.ts), created on first use and
// stopped with the shell; window listeners are added by startShell and removed by its teardown.
//
// Result type: every call to the server answers with ServiceResult (src/domain/serviceResult).
//
// Error policy, one for every machine: an actor resolves only with what a call that succeeded
// gives (the answer, its data or a value made from it), and every failure rejects, so a machine
// handles failures in onError alone and never branches on `output.success`.
//   - A failed call rejects with ServiceError (src/domain/serviceResult): its `message` is the text
//     to show, already worded for the screen (src/api picks it per status; a wiring file may word
//     it for its screen), and its `result` keeps the failed answer (status, field, error) for a
//     machine that shows details (a field error, a 409 on the username, a 401 on load); it reads
//     them with `isServiceError(event.error)`. `succeeded(result)` returns the answer or throws.
//     A failure found without asking the server (no API client loaded, an id missing) is one too:
//     `ServiceError.of(text)`, status 0.
//   - Anything else (a bug, a browser error) rejects the same way with its own Error, and the
//     machine shows its generic fallback text: `failureText(event.error, fallback)`.
//   - The generator's actors reach the worker, not the server: they reject with the worker's Error
//     (its message the detail shown after the step's own words) or CancelledError, and pass their
//     actor's signal to the bridge, so a stopped actor aborts its own call.
export type { ServiceResult } from '../../domain/serviceResult';
export type { Kept } from './shell';
