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
// Error policy, decided by what the machine shows:
//   - A machine that shows the answer's details (a field error, a status: users, profile,
//     change password) gets the ServiceResult itself as the actor's output, failed or not.
//   - A machine that shows one text (shell flows, billing, generator) gets that text as the
//     actor's error: the actor throws `new Error(text)`, the text already worded for the screen
//     (src/api picks it per status), and the machine shows `error.message`.
//   Unexpected failures (a bug, a lost chunk) reject the actor the same way, so every machine has
//   one error path.
export type { ServiceResult } from '../../domain/serviceResult';
export type { Kept } from './shell';
