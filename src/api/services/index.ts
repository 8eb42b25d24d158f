import { getHttpClient, type HttpClient } from '../http';
import { createAccountService } from './account';
import { createAuthService } from './auth';
import { createInvoiceSummariesService, type InvoiceSummariesServiceOptions } from './invoiceSummaries';
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
  };
}

export type Services = ReturnType<typeof createServices>;

let services: Services | null = null;

/** The app's services on the app's http client, created on first use. */
export function getServices(): Services {
  services ??= createServices(getHttpClient());
  return services;
}
