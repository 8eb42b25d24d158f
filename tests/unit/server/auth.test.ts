import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { createPasswordHasher } from '../../../src/server/auth/passwords';
import { createTokenService, hashToken, randomToken } from '../../../src/server/auth/tokens';
import { usernameFromEmail } from '../../../src/server/auth/usernames';
import { credentialsBox, generatePassword } from '../../../src/server/bootstrap';

describe('passwords', () => {
  const hasher = createPasswordHasher('test');

  test('argon2id hashes that verify only the right password', async () => {
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'Correct horse')).toBe(false);
    expect(await hasher.verify('not a hash', 'correct horse')).toBe(false);
  });

  test('production cost follows OWASP (m=19456, t=2, p=1)', async () => {
    const hash = await createPasswordHasher('owasp').hash('x');
    expect(hash).toContain('$m=19456,t=2,p=1$');
  });
});

describe('access tokens', () => {
  const secret = 'k'.repeat(48);
  let clock = new Date('2026-01-01T00:00:00Z');
  const tokens = createTokenService({ secret, accessTtlSeconds: 900, now: () => clock });

  test('round trip, then expiry after the TTL', async () => {
    clock = new Date('2026-01-01T00:00:00Z');
    const token = await tokens.signAccess({ userId: 7, sessionId: 'family-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, sessionId: 'family-1' });
    clock = new Date('2026-01-01T00:16:00Z');
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  test('a token verified before is still refused once expired or when any byte differs', async () => {
    clock = new Date('2026-01-01T00:00:00Z');
    const token = await tokens.signAccess({ userId: 8, sessionId: 'family-2' });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 8, sessionId: 'family-2' });
    const [header, payload, signature] = token.split('.');
    const flipped =
      signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await tokens.verifyAccess(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await tokens.verifyAccess(`${header}.${payload}x.${signature}`)).toBeNull();
    clock = new Date('2026-01-01T00:14:59Z');
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 8, sessionId: 'family-2' });
    clock = new Date('2026-01-01T00:15:00Z');
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  test('a token of another type, audience or issuer is refused even with the right key', async () => {
    clock = new Date();
    const key = new TextEncoder().encode(secret);
    const base = (typ: string, aud: string, iss: string) =>
      new SignJWT({ typ, sid: 'f' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    expect(
      await tokens.verifyAccess(
        await base('refresh', 'dashboard-invoice-api', 'dashboard-invoice'),
      ),
    ).toBeNull();
    expect(
      await tokens.verifyAccess(await base('access', 'other-api', 'dashboard-invoice')),
    ).toBeNull();
    expect(
      await tokens.verifyAccess(await base('access', 'dashboard-invoice-api', 'someone-else')),
    ).toBeNull();
    expect(
      await tokens.verifyAccess(await base('access', 'dashboard-invoice-api', 'dashboard-invoice')),
    ).toEqual({ userId: 1, sessionId: 'f' });
  });

  test('opaque tokens are random and stored as SHA-256', () => {
    const a = randomToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
  });
});

describe('usernames and generated passwords', () => {
  test.each([
    ['budi.santoso@example.com', 'budi.santoso'],
    ['Ani+Tag@Example.com', 'anitag'],
    ['x@example.com', 'xuser'],
  ])('%s → %s', (email, username) => {
    expect(usernameFromEmail(email)).toBe(username);
  });

  test('generated passwords are long and different; the box shows email and password', () => {
    const password = generatePassword();
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(generatePassword()).not.toBe(password);
    const box = credentialsBox('Administrator account created', 'admin@example.com', password);
    expect(box).toContain(`Password: ${password}`);
    expect(box).toContain('Email:    admin@example.com');
    const widths = new Set(box.split('\n').map((line) => line.length));
    expect(widths.size).toBe(1);
  });
});
