// Pengaturan Perusahaan (issue 33): the seller of the e-Faktur and the static QRIS, one record.
import type { CompanySettings } from '../../domain/billing/companySettings';
import { keysToSnakeCase } from '../../domain/text/case';
import { getHttpClient, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { call, ifMatch, SCREEN_HANDLED, type ServiceResult, type VersionedWrite } from './result';

export interface StoredCompanySettings extends CompanySettings {
  version: number;
  updated_at: string | null;
}

// Answers come camelCased over the wire; the screen and the rules use the API's own names.
const pick = (data: unknown): StoredCompanySettings =>
  keysToSnakeCase<StoredCompanySettings>(data ?? {});

export function createCompanySettingsService(http: HttpClient) {
  return {
    get(): Promise<ServiceResult<StoredCompanySettings>> {
      return call<unknown, StoredCompanySettings>(() => http.get('/company-settings'), {
        fallback: FALLBACK.companySettings,
        pick,
      });
    },
    save(
      settings: CompanySettings,
      write?: VersionedWrite,
    ): Promise<ServiceResult<StoredCompanySettings>> {
      return call<unknown, StoredCompanySettings>(
        () =>
          http.put<unknown>('/company-settings', settings, {
            ...SCREEN_HANDLED,
            ...ifMatch(write),
          }),
        { fallback: FALLBACK.saveCompanySettings, pick },
      );
    },
  };
}

export const companySettings = /* @__PURE__ */ lazyService(() =>
  createCompanySettingsService(getHttpClient()),
);
