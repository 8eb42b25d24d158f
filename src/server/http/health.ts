import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PdfPool } from '../pdf';
import type { AppEnv } from '../types';

/** How long /readyz waits for the database before it reports the node not ready. */
export const READINESS_TIMEOUT_MS = 1_000;

const NO_STORE = { 'Cache-Control': 'no-store' };

/** True when `select 1` comes back within `timeoutMs`; a refused or hung connection is false. */
export async function databaseAnswers(
  db: Kysely<Database>,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1 as ok`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The converter's load, beside readiness (a busy converter does not make the node unready); nothing when the server has no converter. */
function pdfConversion(pool: PdfPool | null | undefined) {
  if (!pool) return {};
  if (!pool.enabled)
    return {
      pdf_conversion: { available: false, reason: pool.unavailableReason ?? 'switched off' },
    };
  const { workers, busy, queued, restarts } = pool.snapshot();
  return { pdf_conversion: { available: true, workers, busy, queued, restarts } };
}

/**
 * Probes for load balancers and orchestrators; no token, no versions, nothing internal.
 *   GET /healthz  200 while the process serves HTTP (never touches the database): liveness.
 *   GET /readyz   200 when the database answers within 1 s, else 503: readiness; both say how
 *                 busy the PDF converter is.
 */
export function healthRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'HEAD'], '/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  routes.on(['GET', 'HEAD'], '/readyz', async (c) => {
    const ready = await databaseAnswers(c.get('deps').db);
    const pdf = pdfConversion(c.get('deps').pdf);
    return ready
      ? c.json({ status: 'ready', ...pdf }, 200, NO_STORE)
      : c.json({ status: 'unavailable', message: 'The database does not answer', ...pdf }, 503, {
          ...NO_STORE,
          'Retry-After': '5',
        });
  });
  return routes;
}
