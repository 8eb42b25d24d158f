// Types of the dashboard machine (one period's figures plus the overview of recent periods).
import type { InvoiceSummary } from '../../domain/billing/invoiceSummary';

/** What one load of the dashboard yields for a period. */
export interface DashboardData {
  period: string;
  /** The period's summaries combined (docs/product.md#api: up to 100, aggregated on the client); null when none. */
  summary: InvoiceSummary | null;
  /** One combined summary per period for the most recent periods, oldest first. */
  overview: InvoiceSummary[];
}

export interface CacheEntry {
  data: DashboardData;
  /** Matches the expiry event scheduled when this entry was stored. */
  version: number;
}

export interface DashboardContext {
  period: string;
  data: DashboardData | null;
  cache: Record<string, CacheEntry>;
  cacheVersion: number;
  error: string | null;
}

export interface DashboardInput {
  period: string;
}

export type DashboardEvent =
  /** Show a period: from the cache when fresh, unless `force`, which also empties the cache. */
  | { type: 'dashboard.periodChanged'; period: string; force?: boolean }
  /** Reload the current period now (after a progress change). */
  | { type: 'dashboard.refresh' }
  | { type: 'dashboard.retry' }
  | { type: 'dashboard.cacheExpired'; period: string; version: number };

export interface LoadDashboardInput {
  period: string;
}
