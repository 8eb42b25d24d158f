import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** false for a wrong password or an unreadable hash; never throws for those. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spend the time of one verification; used when the account does not exist. */
  verifyDummy(password: string): Promise<void>;
}

// Algorithm is a const enum in the .d.ts; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. */
const OWASP: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** Tests only: the same algorithm at the lowest cost, so a test file hashes in milliseconds. */
const TEST: Options = { algorithm: ARGON2ID, memoryCost: 64, timeCost: 1, parallelism: 1 };

export function createPasswordHasher(cost: 'owasp' | 'test' = 'owasp'): PasswordHasher {
  const options = cost === 'owasp' ? OWASP : TEST;
  let dummy: Promise<string> | undefined;
  const check = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, options),
    verify: check,
    async verifyDummy(password) {
      dummy ??= hash('dummy password that never matches', options);
      await check(await dummy, password);
    },
  };
}
