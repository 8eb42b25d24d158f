import type { HttpClient } from '../http';
import { account, createAccountService } from './account';
import { auditEvents, createAuditEventsService } from './auditEvents';
import { auth, createAuthService } from './auth';
import {
  createInvoiceSummariesService,
  invoiceSummaries,
  type InvoiceSummariesServiceOptions,
} from './invoiceSummaries';
import { createExportsService, exportsService } from './exports';
import { createMenusService, menus } from './menus';
import { createUsersService, users } from './users';

/** Every service bound to one http client (the app's, or a test's). */
export function createServices(http: HttpClient, options: InvoiceSummariesServiceOptions = {}) {
  return {
    auth: createAuthService(http),
    account: createAccountService(http),
    users: createUsersService(http),
    invoiceSummaries: createInvoiceSummariesService(http, options),
    menus: createMenusService(http),
    auditEvents: createAuditEventsService(http),
    exports: createExportsService(http),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The app's services on the app's http client (each built on its first call). */
export function getServices(): Services {
  return { auth, account, users, invoiceSummaries, menus, auditEvents, exports: exportsService };
}
