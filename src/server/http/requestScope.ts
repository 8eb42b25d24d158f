import type { Context, MiddlewareHandler } from 'hono';
import { withRequestContext, type Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { AppEnv, ResolvedDeps } from '../types';

const REQUEST = Symbol('request');

interface RequestView {
  [REQUEST]: Context<AppEnv>;
  scopedLogger?: Logger;
  scopedMailer?: Mailer;
}

/**
 * Gives each request its own view of deps (`c.get('deps')`): the same database, clock and services,
 * but a logger and a mailer whose lines name the request (its id, and the user once requireAuth
 * knows them), also for work that finishes after the answer, such as a mail sent in the background.
 * The view inherits everything else from deps and makes its logger on first use: most requests
 * log nothing but their request line.
 */
export function scopeDeps(deps: ResolvedDeps): MiddlewareHandler<AppEnv> {
  const shared = Object.create(deps, {
    logger: {
      get(this: RequestView) {
        const c = this[REQUEST];
        return (this.scopedLogger ??= withRequestContext(deps.logger, () => ({
          requestId: c.get('requestId'),
          userId: c.get('user')?.id,
        })));
      },
    },
    mailer: {
      get(this: RequestView & { logger: Logger }) {
        const logger = this.logger;
        return (this.scopedMailer ??= {
          send: (mail) => deps.mailer.send(mail, logger),
        });
      },
    },
  }) as ResolvedDeps;
  return (c, next) => {
    const view = Object.create(shared) as ResolvedDeps & RequestView;
    view[REQUEST] = c;
    c.set('deps', view);
    return next();
  };
}
