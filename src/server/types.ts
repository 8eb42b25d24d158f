import type { Kysely } from 'kysely';
import type { secureHeaders } from 'hono/secure-headers';
import type { PasswordHasher } from './auth/passwords';
import type { RateLimitRules } from './auth/rateLimit';
import type { TokenService } from './auth/tokens';
import type { AuthUser } from './auth/userView';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { PdfPool, SharedChunks } from './pdf';

/** Content-Security-Policy directives as hono's secureHeaders takes them (the type is not exported). */
export type CspDirectives = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']
>;

export type { AuthUser } from './auth/userView';

/** What createApp is built from. Only db, config and mailer are required. */
export interface AppDeps {
  db: Kysely<Database>;
  /** Uses jwtSecret, accessTokenTtlSeconds, refreshTokenTtlSeconds, publicUrl, trustProxy. */
  config: Config;
  mailer: Mailer;
  logger?: Logger;
  /** Current time; tests move it forward to expire tokens. */
  now?: () => Date;
  /** Defaults to argon2id with OWASP parameters; tests pass createPasswordHasher('test'). */
  passwordHasher?: PasswordHasher;
  /** Folder of the built SPA; null serves no SPA at all (API only). Default: <cwd>/dist. */
  distDir?: string | null;
  /** Body size limits in bytes: `default` for every /api route, `routes` by exact path (method-independent). */
  bodyLimits?: { default?: number; routes?: Record<string, number> };
  rateLimits?: Partial<RateLimitRules>;
  /** The LibreOffice pool behind POST /documents/pdf; absent or null: PDF conversion is off. */
  pdf?: PdfPool | null;
  /** On PostgreSQL: long documents' chunks shared with every node of the database (docs/pdf-chunks.md). */
  pdfChunks?: SharedChunks | null;
  /** Overrides the Content-Security-Policy directives. */
  contentSecurityPolicy?: CspDirectives;
}

/** deps with every default filled in; what middleware and routes read from `c.get('deps')`. */
export interface ResolvedDeps extends AppDeps {
  logger: Logger;
  now: () => Date;
  passwordHasher: PasswordHasher;
  tokens: TokenService;
  rateLimits: RateLimitRules;
}

export interface AppEnv {
  Variables: {
    deps: ResolvedDeps;
    requestId: string;
    /** Set by requireAuth. */
    user: AuthUser;
    /** Set by requireAuth: the refresh-token family (= session) the access token belongs to. */
    sessionId: string;
    /**
     * Set by answerHeaders for an API request: the headers an answer carries, for the envelope to
     * put on its answer itself; unset once anything sets a header of its own (answerHeaders.ts).
     */
    fastAnswer: FastAnswer | undefined;
  };
}

/** The headers of an API answer made whole by the envelope (http/fast/answerHeaders.ts). */
export interface FastAnswer {
  readonly headers: readonly (readonly [string, string])[];
  readonly requestId: string;
}
