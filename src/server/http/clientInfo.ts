import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../types';

/**
 * The caller's IP. Behind a proxy you run (TRUST_PROXY=true) it is the last X-Forwarded-For
 * entry, the one your proxy appended; the entries before it are whatever the client claimed.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

export function userAgent(c: Context): string | null {
  return c.req.header('user-agent')?.slice(0, 500) ?? null;
}

/** IP and user agent for the activity log. */
export function requestInfo(c: Context<AppEnv>) {
  return { ip: clientIp(c, c.get('deps').config.trustProxy), userAgent: userAgent(c) };
}
