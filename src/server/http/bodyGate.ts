import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, ERROR_MESSAGES } from '../errors';
import type { AppEnv } from '../types';
import { clientIp } from './clientInfo';
import { closeAfterAnswer } from './fast/lingeringClose';

/**
 * How many large request bodies (avatar uploads) are read and handled at once. Each one costs
 * several times its size while it is decoded, stored and echoed, so 50 parallel 5 MB uploads
 * used to take the server past 1 GB. A large body waits for a slot before anyone reads it (it
 * stays in the socket, costing next to nothing); when too many already wait, or the wait is too
 * long, the answer is 429 with Retry-After.
 */
export interface BodyGateLimits {
  /** A body counts as large above this many bytes (or when its length is not declared). */
  largeBytes: number;
  /** Large bodies handled at once per caller (signed-in user, else client address) … */
  perCaller: number;
  /** … and in total. */
  total: number;
  /** Large bodies allowed to wait per caller, and in total; beyond that → 429 at once. */
  waitingPerCaller: number;
  waitingTotal: number;
  /** Longest wait for a slot before 429. */
  waitMs: number;
}

export const DEFAULT_BODY_GATE: BodyGateLimits = {
  largeBytes: 256 * 1024,
  perCaller: 2,
  total: 6,
  waitingPerCaller: 16,
  waitingTotal: 100,
  waitMs: 20_000,
};

const RETRY_AFTER_SECONDS = 5;

interface Waiter {
  key: string;
  grant: () => void;
}

export function createBodyGate(limits: BodyGateLimits = DEFAULT_BODY_GATE) {
  const active = new Map<string, number>();
  const waiting = new Map<string, number>();
  const queue: Waiter[] = [];
  let activeTotal = 0;

  const bump = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  const hasRoom = (key: string) =>
    activeTotal < limits.total && (active.get(key) ?? 0) < limits.perCaller;
  const take = (key: string) => {
    activeTotal++;
    bump(active, key, 1);
  };
  const release = (key: string) => {
    activeTotal--;
    bump(active, key, -1);
    // First come, first served among the callers that have room.
    const index = queue.findIndex((w) => hasRoom(w.key));
    if (index >= 0) queue.splice(index, 1)[0].grant();
  };

  const tooMany = (c: Context): never => {
    closeAfterAnswer(c);
    throw new ApiError(429, ERROR_MESSAGES.tooManyRequests, undefined, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    });
  };

  /** Resolves when the caller holds a slot; throws 429 when it may not wait or waited too long. */
  async function acquire(c: Context, key: string): Promise<void> {
    if (hasRoom(key)) return take(key);
    if ((waiting.get(key) ?? 0) >= limits.waitingPerCaller || queue.length >= limits.waitingTotal)
      tooMany(c);
    bump(waiting, key, 1);
    try {
      const granted = await new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          key,
          grant: () => {
            clearTimeout(timer);
            take(key);
            resolve(true);
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          resolve(false);
        }, limits.waitMs);
        queue.push(waiter);
      });
      if (!granted) tooMany(c);
    } finally {
      bump(waiting, key, -1);
    }
  }

  return { acquire, release, stats: () => ({ active: activeTotal, waiting: queue.length }) };
}

/** The signed-in user behind a bearer token (checked, so nobody can use up another's slots), else the address. */
async function callerKey(c: Context<AppEnv>): Promise<string> {
  const deps = c.get('deps');
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const claims = token ? await deps.tokens.verifyAccess(token).catch(() => null) : null;
  return claims ? `user:${claims.userId}` : `ip:${clientIp(c, deps.config.trustProxy)}`;
}

/** Middleware: a request with a large body holds a gate slot while it is read and handled. */
export function gateLargeBodies(
  gate = createBodyGate(),
  largeBytes = DEFAULT_BODY_GATE.largeBytes,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    const large =
      declared === undefined
        ? c.req.header('transfer-encoding') !== undefined
        : Number(declared) > largeBytes;
    if (!large) return next();
    const key = await callerKey(c);
    await gate.acquire(c, key);
    try {
      await next();
    } finally {
      gate.release(key);
    }
  };
}
