import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const JWT_ISSUER = 'dashboard-invoice';
export const JWT_AUDIENCE = 'dashboard-invoice-api';
const ACCESS_TYPE = 'access';
/** Verified access tokens remembered per process (oldest dropped first). */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface AccessClaims {
  userId: number;
  /** Refresh-token family = the session this access token belongs to. */
  sessionId: string;
}

export interface TokenService {
  signAccess(claims: AccessClaims): Promise<string>;
  /** null for a bad signature, wrong alg/iss/aud/type, or an expired token. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  accessTtlSeconds: number;
}

export function createTokenService(options: {
  secret: string;
  accessTtlSeconds: number;
  now: () => Date;
}): TokenService {
  // Imported once: handing jose the raw bytes would re-import the HMAC key on every sign and verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const seconds = () => Math.floor(options.now().getTime() / 1000);
  // Signature and static claims of a token string that verified once, keyed by its SHA-256.
  // WebCrypto verifies on the thread pool, a round trip per request; a token's bytes verify the
  // same way every time, so only its expiry is checked again. This is not a session cache:
  // requireAuth still asks the database on every request whether the session is alive.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  return {
    accessTtlSeconds: options.accessTtlSeconds,
    async signAccess({ userId, sessionId }) {
      const iat = seconds();
      return new SignJWT({ typ: ACCESS_TYPE, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.accessTtlSeconds)
        .sign(await key);
    },
    async verifyAccess(token) {
      const digest = hashToken(token);
      const known = verified.get(digest);
      if (known) {
        if (known.exp > seconds()) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(digest);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          currentDate: options.now(),
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        const userId = Number(payload.sub);
        if (
          payload.typ !== ACCESS_TYPE ||
          !Number.isSafeInteger(userId) ||
          typeof payload.sid !== 'string'
        )
          return null;
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(digest, { userId, sessionId: payload.sid, exp: payload.exp! });
        return { userId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

/** Opaque 256-bit token for refresh and password-reset links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256; a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
