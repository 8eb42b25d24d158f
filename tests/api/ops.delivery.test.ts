// What the browser receives: precompressed assets in the coding it accepts, JSON compressed on the
// fly, ETag revalidation for files that are not hashed, no source maps in production, JSON 404 under /api.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { databases, useTestApp } from './helpers';

const distDir = mkdtempSync(path.join(tmpdir(), 'di-ops-dist-'));
mkdirSync(path.join(distDir, 'assets'));
// Big enough to be worth compressing, like the real index.html and bundles.
const indexHtml = `<!doctype html><title>Dashboard Invoice</title>\n${'<link rel="modulepreload" href="/assets/chunk-ABCDEF12.js">\n'.repeat(40)}`;
const appJs = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n//# sourceMappingURL=app-3F2A1B.js.map\n`;
writeFileSync(path.join(distDir, 'index.html'), indexHtml);
writeFileSync(path.join(distDir, 'assets', 'app-3F2A1B.js'), appJs);
// What build.mjs writes beside each hashed asset.
writeFileSync(path.join(distDir, 'assets', 'app-3F2A1B.js.br'), zlib.brotliCompressSync(appJs));
writeFileSync(path.join(distDir, 'assets', 'app-3F2A1B.js.gz'), zlib.gzipSync(appJs));
writeFileSync(
  path.join(distDir, 'assets', 'app-3F2A1B.js.map'),
  '{"version":3,"sources":["src/ui/secret.ts"]}',
);
writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The compiled server build.mjs writes beside the app.
mkdirSync(path.join(distDir, 'server'));
writeFileSync(path.join(distDir, 'server', 'main.mjs'), 'const jwtSecretFile = "jwt-secret";\n');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

function decode(coding: string | null, bytes: Buffer): string {
  if (coding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe.each(databases)('delivery on %s', (kind) => {
  const ctx = useTestApp(kind, { distDir });
  const fetchRaw = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.request(url, { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  test('a hashed asset goes out in br, gzip or plain according to Accept-Encoding, always with Vary', async () => {
    const cases: Array<[string | undefined, string | null]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
      [undefined, null],
    ];
    for (const [accept, coding] of cases) {
      const { res, bytes } = await fetchRaw(
        '/assets/app-3F2A1B.js',
        accept ? { 'accept-encoding': accept } : {},
      );
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers.get('content-encoding'), String(accept)).toBe(coding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(decode(coding, bytes)).toBe(appJs);
      if (coding) expect(bytes.length).toBeLessThan(appJs.length / 3);
    }
  });

  test('index.html (and deep links to it) is compressed and answers If-None-Match with 304', async () => {
    const first = await fetchRaw('/dashboard', { 'accept-encoding': 'br' });
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-encoding')).toBe('br');
    expect(decode('br', first.bytes)).toBe(indexHtml);
    expect(first.res.headers.get('cache-control')).toBe('no-cache');
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await fetchRaw('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.res.headers.get('etag')).toBe(etag);

    // Another coding is another representation: its own tag, and the br tag does not validate it.
    const plain = await fetchRaw('/', { 'if-none-match': etag });
    expect(plain.res.status).toBe(200);
    expect(plain.bytes.toString('utf8')).toBe(indexHtml);
    const plainAgain = await fetchRaw('/', {
      'if-none-match': `W/${plain.res.headers.get('etag')}`,
    });
    expect(plainAgain.res.status).toBe(304);
  });

  test('a changed non-hashed file gets a new ETag, so the old one no longer answers 304', async () => {
    const name = `note-${kind}.txt`;
    const file = path.join(distDir, name);
    writeFileSync(file, 'first version');
    const first = await fetchRaw(`/${name}`);
    const etag = first.res.headers.get('etag')!;
    expect(first.res.headers.get('cache-control')).toBe('no-cache');
    expect((await fetchRaw(`/${name}`, { 'if-none-match': etag })).res.status).toBe(304);
    writeFileSync(file, 'second version, a little longer');
    const changed = await fetchRaw(`/${name}`, { 'if-none-match': etag });
    expect(changed.res.status).toBe(200);
    expect(changed.bytes.toString('utf8')).toBe('second version, a little longer');
    expect(changed.res.headers.get('etag')).not.toBe(etag);
  });

  test('source maps are not served in production', async () => {
    const { res, bytes } = await fetchRaw('/assets/app-3F2A1B.js.map');
    expect(res.status).toBe(404);
    expect(bytes.toString('utf8')).not.toContain('secret.ts');
  });

  test("the server's own bundle in dist/server/ is never served: the path is a deep link like any other", async () => {
    for (const url of ['/server/main.mjs', '/server/../server/main.mjs', '/%73erver/main.mjs']) {
      const { res, bytes } = await fetchRaw(url);
      expect(bytes.toString('utf8'), url).not.toContain('jwtSecretFile');
      expect(res.headers.get('content-type'), url).toContain('text/html');
    }
  });

  test('unknown paths under /api answer a JSON 404, never the SPA page', async () => {
    for (const url of ['/api/unknown', '/api/v1/nothing/here', '/api/v1/no-such-thing?x=1']) {
      const { res, bytes } = await fetchRaw(url, { 'accept-encoding': 'br' });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({
        success: false,
        message: 'Resource not found',
      });
    }
  });

  test('JSON over 1 KB is compressed for clients that accept it; small JSON is not', async () => {
    const admin = await ctx.signedIn('admin');
    for (let i = 0; i < 12; i++) await ctx.createUser('staff');
    const headers = { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': '10.0.0.1' };

    const plain = await fetchRaw('/api/v1/users', headers);
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const expected = JSON.parse(plain.bytes.toString('utf8'));

    for (const coding of ['br', 'gzip']) {
      const { res, bytes } = await fetchRaw('/api/v1/users', {
        ...headers,
        'accept-encoding': coding,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(bytes.length).toBeLessThan(plain.bytes.length);
      expect(JSON.parse(decode(coding, bytes))).toEqual(expected);
    }

    const small = await fetchRaw('/api/v1/menus/user', {
      ...headers,
      'accept-encoding': 'br, gzip',
    });
    expect(small.res.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(small.bytes.toString('utf8')).success).toBe(true);
  });
});

describe('source maps on opt-in and in development', () => {
  const ctx = useTestApp('sqlite', { distDir });
  test('SERVE_SOURCE_MAPS=true serves them', async () => {
    // Config comes from the test helper; the opt-in is the same field loadConfig fills from SERVE_SOURCE_MAPS.
    const { createApp } = await import('../../src/server/app');
    const { loadConfig } = await import('../../src/server/config');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'di-ops-maps-'));
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: 'j'.repeat(40),
        SERVE_SOURCE_MAPS: 'true',
      });
      expect(config.serveSourceMaps).toBe(true);
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(40) }).serveSourceMaps).toBe(
        false,
      );
      // npm run dev sets NODE_ENV=development: maps on unless turned off explicitly.
      expect(
        loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(40), NODE_ENV: 'development' })
          .serveSourceMaps,
      ).toBe(true);
      expect(
        loadConfig({
          DATA_DIR: dataDir,
          JWT_SECRET: 'j'.repeat(40),
          NODE_ENV: 'development',
          SERVE_SOURCE_MAPS: 'false',
        }).serveSourceMaps,
      ).toBe(false);
      const app = createApp({ db: ctx.db, config, mailer: { send: async () => {} }, distDir });
      const res = await app.request('/assets/app-3F2A1B.js.map');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('secret.ts');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
