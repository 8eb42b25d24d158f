import type { HttpClient } from '../http';
import { createAccountService } from './account';
import { createAuditEventsService } from './auditEvents';
import { createAuthService } from './auth';
import {
  createInvoiceSummariesService,
  type InvoiceSummariesServiceOptions,
} from './invoiceSummaries';
import { createDocumentsService } from './documents';
import { createExportsService } from './exports';
import { createGenerationRunsService } from './generationRuns';
import { createMenusService } from './menus';
import { createUsersService } from './users';

/** Every service bound to one http client (the app's, or a test's). */
export function createServices(http: HttpClient, options: InvoiceSummariesServiceOptions = {}) {
  return {
    auth: createAuthService(http),
    account: createAccountService(http),
    users: createUsersService(http),
    invoiceSummaries: createInvoiceSummariesService(http, options),
    menus: createMenusService(http),
    documents: createDocumentsService(http),
    generationRuns: createGenerationRunsService(http),
    auditEvents: createAuditEventsService(http),
    exports: createExportsService(http),
  };
}

export type Services = ReturnType<typeof createServices>;
