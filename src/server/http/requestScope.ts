import type { MiddlewareHandler } from 'hono';
import { withRequestContext } from '../logger';
import type { AppEnv, ResolvedDeps } from '../types';

/**
 * Gives each request its own view of deps (`c.get('deps')`): the same database, clock and services,
 * but a logger and a mailer whose lines name the request (its id, and the user once requireAuth
 * knows them), also for work that finishes after the answer, such as a mail sent in the background.
 */
export function scopeDeps(deps: ResolvedDeps): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const logger = withRequestContext(deps.logger, () => ({
      requestId: c.get('requestId'),
      userId: c.get('user')?.id,
    }));
    const mailer = {
      send: (mail: Parameters<typeof deps.mailer.send>[0]) => deps.mailer.send(mail, logger),
    };
    c.set('deps', { ...deps, logger, mailer });
    return next();
  };
}
