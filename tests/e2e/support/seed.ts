// Invoice summaries a spec needs before it opens a screen, written through the API as an
// administrator would (POST /invoice-summaries).
import { expect, type APIRequestContext } from '@playwright/test';
import { API_ROOT } from './env';
import { apiLogin } from './fixtures';

/** The summary's fields in the API's spelling; the period is required, the rest have defaults. */
export interface SummarySeed {
  invoice_period: string;
  [field: string]: string | number;
}

export interface SeedOptions {
  /** Whose token writes it (default: the administrator's, signed in for the call). */
  token?: string;
  /** A period already there is fine (a rerun, or a spec before made it): its id is answered. */
  allowTaken?: boolean;
}

const DEFAULTS = {
  number_of_active_customer: 100,
  number_of_total_transaction: 400,
  url_shared_file_draft_invoice: 'https://drive.example.com/draft',
};

/** Creates a summary (the defaults under `fields`) and answers its id; fails the test otherwise. */
export async function seedSummary(
  request: APIRequestContext,
  fields: SummarySeed,
  { token, allowTaken = false }: SeedOptions = {},
): Promise<number> {
  const headers = { Authorization: `Bearer ${token ?? (await apiLogin(request)).accessToken}` };
  const response = await request.post(`${API_ROOT}/invoice-summaries`, {
    data: { ...DEFAULTS, ...fields },
    headers,
  });
  if (allowTaken && response.status() === 409) {
    const period = encodeURIComponent(fields.invoice_period);
    const list = await request.get(`${API_ROOT}/invoice-summaries?period=${period}`, { headers });
    const rows = ((await list.json()).data?.summaries ?? []) as { id: number }[];
    expect(rows.length, `summary ${fields.invoice_period} is taken but not listed`).toBeGreaterThan(
      0,
    );
    return rows[0]!.id;
  }
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.id as number;
}
