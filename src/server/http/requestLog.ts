import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import type { Logger } from '../logger';
import type { AppEnv } from '../types';
import type { Metrics } from './metrics';

/** Probes polled every few seconds: logged at debug so they do not drown the request log. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** The route pattern that answered (/api/v1/users/:id), never the raw path; the SPA and files are one route. */
function routeOf(c: Context<AppEnv>): string {
  let route = '';
  try {
    // The endpoint's own pattern (a method route), even when a middleware such as requireAuth answered first.
    route = matchedRoutes(c).find((r) => r.method !== 'ALL')?.path ?? routePath(c);
  } catch {
    // no route matched at all
  }
  if (!route || route === '*' || route === '/*')
    return c.req.path.startsWith('/api') ? '(unmatched)' : '(static)';
  return route;
}

/**
 * One log line per request (method, route, path, status, duration, request id, user id when signed
 * in) and its figures for /metrics, on the app's logger (the line names the request itself).
 * Everything else logged while the request runs carries its request id through the request's
 * own deps (scopeDeps).
 */
export function requestLog(logger: Logger, metrics?: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = routeOf(c);
    const status = c.res.status;
    metrics?.observe(c.req.method, route, status, seconds);
    const line = {
      method: c.req.method,
      route,
      path: c.req.path,
      status,
      durationMs: Math.round(seconds * 1e5) / 100,
      requestId: c.get('requestId'),
      ...(c.get('user') ? { userId: c.get('user').id } : {}),
    };
    const message = `${line.method} ${line.path} ${status} ${line.durationMs} ms`;
    if (PROBES.has(c.req.path)) logger.debug(message, line);
    // 503 is the database being away (normal weather, already warned about once), not a fault of ours.
    else if (status === 503) logger.warn(message, line);
    else if (status >= 500) logger.error(message, line);
    else logger.info(message, line);
  };
}
