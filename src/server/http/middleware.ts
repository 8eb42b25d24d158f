import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { ApiError, ERROR_MESSAGES } from '../errors';
import type { AppEnv, CspDirectives } from '../types';
import { gateLargeBodies } from './bodyGate';
import { closeAfterAnswer } from './fast/lingeringClose';
import { headersWrittenBy, isFastAnswer } from './fast/answerHeaders';

/** Strict CSP: no inline script or style; extra connect-src origins only for dev live reload. */
export function cspDirectives(extraConnectSrc: string[] = []): CspDirectives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...extraConnectSrc],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Routes that take more than the default; a later route adds its path here or via deps.bodyLimits. */
export const ROUTE_BODY_LIMITS: Record<string, number> = {
  '/api/v1/account/profile-image': 8 * 1024 * 1024,
};

/** A hashed script or stylesheet of the built app, other than the generator's worker script. */
function isSubresource(path: string): boolean {
  return path.startsWith('/assets/') && /\.(js|css)$/.test(path) && !path.includes('.worker');
}

// hono's secureHeaders with every header it would add by default named: HSTS is for the proxy
// that terminates TLS (the server listens on plain HTTP, 127.0.0.1 by default), and the legacy
// X-XSS-Protection, X-Download-Options, X-DNS-Prefetch-Control, X-Permitted-Cross-Domain-Policies
// and Origin-Agent-Cluster headers would only add bytes to every answer.
const NOT_SENT = {
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  originAgentCluster: false,
  crossOriginEmbedderPolicy: false,
} as const;

/** The headers of every API answer, beside the page's: never cached unless a route says so. */
interface SecurityHeaders {
  middleware: MiddlewareHandler<AppEnv>;
  /** What an API answer carries (the envelope's fast answers write these themselves). */
  apiHeaders: () => Promise<readonly (readonly [string, string])[]>;
}

/**
 * Headers on every answer, static files included. Scripts and stylesheets a page loads take the
 * page's policy, not theirs, so they carry only nosniff and CORP (the document-level headers would
 * cost each ~500 bytes); a worker script does take its own CSP. API answers are never cached
 * unless a route says so. An answer the envelope made whole (isFastAnswer) already has them.
 */
export function securityHeaders(csp: CspDirectives = cspDirectives()): SecurityHeaders {
  const documentHeaders = secureHeaders({
    ...NOT_SENT,
    contentSecurityPolicy: csp,
    xFrameOptions: 'DENY',
    // Reset links carry a token in the URL; never hand it to another origin.
    referrerPolicy: 'no-referrer',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    xContentTypeOptions: true,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
  const subresourceHeaders = secureHeaders({
    ...NOT_SENT,
    xFrameOptions: false,
    referrerPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    xContentTypeOptions: true,
  });
  // hono's own headers, found once by running its middleware, so both ways write the same.
  let written: Promise<[string, string][]> | null = null;
  const pageHeaders = () => (written ??= headersWrittenBy(documentHeaders));
  const apiHeaders = async () => [
    ...(await pageHeaders()),
    ['cache-control', 'no-store'] as const,
    ['vary', 'Accept-Encoding'] as const,
  ];
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (isSubresource(c.req.path)) return subresourceHeaders(c, next);
    if (!c.req.path.startsWith('/api/')) return documentHeaders(c, next);
    await next();
    if (isFastAnswer(c.res)) return;
    const headers = c.res.headers;
    for (const [name, value] of await pageHeaders()) headers.set(name, value);
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  };
  return { middleware, apiHeaders };
}

/**
 * Size limit per route: exact path in `routes`, else `fallback`. Over the limit → 413. A route in
 * `streamed` reads its body as it arrives and counts it itself (./multipartStream.ts): here only
 * a declared length over its limit is refused, and the body is neither buffered nor gated.
 */
export function limitBodies(
  fallback: number,
  routes: Record<string, number>,
  ungated: ReadonlySet<string> = new Set(),
  streamed: ReadonlySet<string> = new Set(),
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
    const path = c.req.path.replace(/\/+$/, '');
    if (streamed.has(path)) {
      const declared = Number(c.req.header('content-length') ?? 0);
      return declared > (routes[path] ?? fallback) ? onError(c) : next();
    }
    return limiter(routes[path] ?? fallback)(c, async () => {
      if (ungated.has(path)) await next();
      else await gate(c, next);
    });
  };
}
