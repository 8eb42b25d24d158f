import path from 'node:path';
import { Hono } from 'hono';
import { createPasswordHasher } from './auth/passwords';
import { DEFAULT_RATE_LIMITS } from './auth/rateLimit';
import { createTokenService } from './auth/tokens';
import { ERROR_MESSAGES } from './errors';
import { CachedRouter } from './http/fast/cachedRouter';
import { answerHeaders } from './http/fast/answerHeaders';
import { compressJson } from './http/compress';
import { fail } from './http/envelope';
import { handleError } from './http/errorHandler';
import { healthRoutes } from './http/health';
import { Metrics, metricsRoutes } from './http/metrics';
import {
  cspDirectives,
  DEFAULT_BODY_LIMIT,
  limitBodies,
  ROUTE_BODY_LIMITS,
  securityHeaders,
} from './http/middleware';
import { requestLog } from './http/requestLog';
import { scopeDeps } from './http/requestScope';
import { createLogger } from './logger';
import { accountRoutes } from './routes/account';
import { auditEventRoutes } from './routes/auditEvents';
import { authRoutes } from './routes/auth';
import { companySettingsRoutes } from './routes/companySettings';
import { invoiceSummaryRoutes } from './routes/invoiceSummaries';
import { deliveryRoutes } from './routes/deliveries';
import { DELIVERIES_BODY_LIMIT, DELIVERIES_ROUTE } from './routes/deliveries.limits';
import { documentRoutes, PDF_ROUTE } from './routes/documents';
import { menuRoutes } from './routes/menus';
import { usersRoutes } from './routes/users';
import { serveSpa } from './static';
import type { AppDeps, AppEnv, ResolvedDeps } from './types';

export type { AppDeps, AppEnv } from './types';

export const API_BASE = '/api/v1';

export function resolveDeps(deps: AppDeps): ResolvedDeps {
  const now = deps.now ?? (() => new Date());
  return {
    ...deps,
    logger: deps.logger ?? createLogger(deps.config.logLevel, { format: deps.config.logFormat }),
    now,
    passwordHasher: deps.passwordHasher ?? createPasswordHasher('owasp'),
    tokens: createTokenService({
      secret: deps.config.jwtSecret,
      accessTtlSeconds: deps.config.accessTokenTtlSeconds,
      now,
    }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits },
  };
}

/** The whole HTTP surface: API under /api/v1 and the built SPA. Tests call app.request(...) on it. */
export function createApp(appDeps: AppDeps) {
  const deps = resolveDeps(appDeps);
  const app = new Hono<AppEnv>({ router: new CachedRouter() });

  const metrics = new Metrics();
  const liveReload = deps.config.liveReloadOrigin ? [deps.config.liveReloadOrigin] : [];
  const security = securityHeaders(deps.contentSecurityPolicy ?? cspDirectives(liveReload));
  app.use('*', answerHeaders(security.apiHeaders));
  app.use('*', requestLog(deps.logger, metrics));
  app.use('*', security.middleware);
  app.use('*', scopeDeps(deps));
  app.use(
    '/api/*',
    limitBodies(
      deps.bodyLimits?.default ?? DEFAULT_BODY_LIMIT,
      {
        ...ROUTE_BODY_LIMITS,
        [DELIVERIES_ROUTE]: DELIVERIES_BODY_LIMIT,
        ...(deps.pdf ? { [PDF_ROUTE]: deps.pdf.config.maxBytes } : {}),
        ...deps.bodyLimits?.routes,
      },
      // The converter's own bounded line admits PDF bodies; the upload gate would hold a slot for minutes.
      new Set([PDF_ROUTE]),
      // The delivery job streams its documents to disk and counts its bytes as they come.
      new Set([DELIVERIES_ROUTE]),
    ),
  );
  // Inside the large-body gate: compressing a large answer holds the caller's slot, so parallel
  // uploads cannot pile up compressions (and their buffers) after their bodies were released.
  app.use('/api/*', compressJson());

  app.route('/', healthRoutes());
  app.route('/', metricsRoutes(metrics));

  const api = new Hono<AppEnv>();
  api.route('/auth', authRoutes());
  api.route('/menus', menuRoutes());
  api.route('/account', accountRoutes());
  api.route('/users', usersRoutes());
  api.route('/invoice-summaries', invoiceSummaryRoutes());
  api.route('/documents', documentRoutes());
  api.route('/audit-events', auditEventRoutes());
  api.route('/company-settings', companySettingsRoutes());
  api.route('/deliveries', deliveryRoutes());
  app.route(API_BASE, api);

  app.all('/api/*', (c) => fail(c, 404, ERROR_MESSAGES.notFound));
  app.all('/api', (c) => fail(c, 404, ERROR_MESSAGES.notFound));
  const distDir = deps.distDir === undefined ? path.resolve('dist') : deps.distDir;
  if (distDir) app.use('*', serveSpa(distDir, { sourceMaps: deps.config.serveSourceMaps }));
  app.notFound((c) =>
    c.req.path.startsWith('/api')
      ? fail(c, 404, ERROR_MESSAGES.notFound)
      : c.text('Not found', 404),
  );
  app.onError(handleError);
  return app;
}
