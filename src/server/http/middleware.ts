import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, ERROR_MESSAGES } from '../errors';
import type { AppEnv } from '../types';
import { gateLargeBodies } from './bodyGate';
import { closeAfterAnswer } from './lingeringClose';

/** Strict CSP: no inline script or style; extra connect-src origins only for dev live reload. */
export function buildCsp(extraConnectSrc: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...extraConnectSrc].join(' '),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const DEFAULT_CSP = buildCsp();

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Routes that take more than the default; a later route adds its path here or via deps.bodyLimits. */
export const ROUTE_BODY_LIMITS: Record<string, number> = {
  '/api/v1/account/profile-image': 8 * 1024 * 1024,
};

export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = randomUUID();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  };
}

/** A hashed script or stylesheet of the built app, other than the generator's worker script. */
function isSubresource(path: string): boolean {
  return path.startsWith('/assets/') && /\.(js|css)$/.test(path) && !path.includes('.worker');
}

/** Headers on every answer, static files included. API answers are never cached unless a route says so. */
export function securityHeaders(csp: string = DEFAULT_CSP): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    // Scripts and stylesheets a page loads take its policy, not theirs: the document-level headers
    // would only cost every such answer ~500 bytes. A worker script does take its own CSP.
    if (isSubresource(c.req.path)) return;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Frame-Options', 'DENY');
    // Reset links carry a token in the URL; never hand it to another origin.
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (c.req.path.startsWith('/api/') && !headers.has('Cache-Control'))
      headers.set('Cache-Control', 'no-store');
  };
}

/** Size limit per route: exact path in `routes`, else `fallback`. Over the limit → 413. */
export function limitBodies(
  fallback: number,
  routes: Record<string, number>,
): MiddlewareHandler<AppEnv> {
  const onError = (c: Context) => {
    // The rest of the body may still be on its way: say so, and close without a reset.
    closeAfterAnswer(c);
    throw new ApiError(413, ERROR_MESSAGES.tooLarge);
  };
  const cache = new Map<number, MiddlewareHandler>();
  const limiter = (maxSize: number) => {
    let handler = cache.get(maxSize);
    if (!handler) cache.set(maxSize, (handler = bodyLimit({ maxSize, onError })));
    return handler;
  };
  // Large bodies (avatar uploads) also wait for one of a few slots, so their memory stays bounded.
  const gate = gateLargeBodies();
  return (c, next) => {
    // Reading requests carry no body; looking at one would make the Node adapter build a full Request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // Over the size limit → 413 at once; within it, a large body then waits for its slot.
    return limiter(routes[c.req.path.replace(/\/+$/, '')] ?? fallback)(c, async () => {
      await gate(c, next);
    });
  };
}
