import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Text formats worth compressing when build.mjs left no .br/.gz beside the file (index.html, favicon.svg). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.txt', '.svg', '.wasm']);
// index.html is ~1 KB; br still halves it.
const COMPRESS_MIN_BYTES = 512;

/** Memory kept for file contents and their compressed copies (a production build is a few MB). */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
const sizeOf = (entry: CachedFile) =>
  entry.identity.body.length + (entry.br?.body.length ?? 0) + (entry.gzip?.body.length ?? 0);

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** build.mjs puts the server's own bundle in dist/server/; it is not for browsers. */
const SERVER_BUNDLE_DIR = 'server';
const NOT_BUILT = 'App not built: run npm run build';

export type ContentCoding = 'br' | 'gzip';

interface Representation {
  body: Buffer;
  etag: string;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
}

export interface StaticOptions {
  /** Serve *.map files. Off in production (they publish the sources); on for npm run dev or SERVE_SOURCE_MAPS=true. */
  sourceMaps?: boolean;
}

async function fileIn(
  root: string,
  urlPath: string,
): Promise<{ file: string; mtimeMs: number; size: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  if (file.startsWith(path.join(root, SERVER_BUNDLE_DIR) + path.sep)) return null;
  try {
    const info = await stat(file);
    return info.isFile() ? { file, mtimeMs: info.mtimeMs, size: info.size } : null;
  } catch {
    return null;
  }
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

const brotli = promisify(zlib.brotliCompress);
const ON_THE_FLY_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };
const gzip = promisify(zlib.gzip);

/**
 * The codings the client accepts, best first (br before gzip at equal weight); q=0 refuses one.
 * A missing header means identity only.
 */
export function acceptedCodings(header: string | undefined): ContentCoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weightOf = (coding: ContentCoding) =>
    weights.get(coding) ??
    (coding === 'gzip' ? weights.get('x-gzip') : undefined) ??
    weights.get('*') ??
    0;
  return (['br', 'gzip'] as const)
    .filter((coding) => weightOf(coding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/** If-None-Match holds this representation's tag (weak comparison, as RFC 9110 says for this header) or "*". */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * The built SPA: files from distDir (hashed /assets cached for a year, everything else revalidated
 * with an ETag and 304), and index.html for any other GET so deep links work. Each file goes out in the best
 * coding the browser accepts: the .br/.gz build.mjs wrote beside it, or one made here once and kept.
 * Never answers under /api.
 */
export function serveSpa(distDir: string, options: StaticOptions = {}): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir);
  const cache = new Map<string, CachedFile>();
  let cachedBytes = 0;

  const load = async (file: string, mtimeMs: number, size: number): Promise<CachedFile> => {
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached;
    const body = await readFile(file);
    const tag = createHash('sha1').update(body).digest('base64url').slice(0, 22);
    // Each coding is a representation of its own, so its strong tag differs.
    const entry: CachedFile = { mtimeMs, size, identity: { body, etag: `"${tag}"` } };
    if (COMPRESSIBLE.has(path.extname(file).toLowerCase())) {
      let [br, gz] = await Promise.all([readIfExists(file + '.br'), readIfExists(file + '.gz')]);
      if (!br && !gz && body.length >= COMPRESS_MIN_BYTES) {
        // Done once per file version and kept; a middle level keeps a dev bundle's first load quick.
        [br, gz] = await Promise.all([brotli(body, ON_THE_FLY_BROTLI), gzip(body, { level: 6 })]);
      }
      if (br && br.length < body.length) entry.br = { body: br, etag: `"${tag}-br"` };
      if (gz && gz.length < body.length) entry.gzip = { body: gz, etag: `"${tag}-gz"` };
    }
    if (cached) cachedBytes -= sizeOf(cached);
    cache.delete(file);
    cache.set(file, entry);
    cachedBytes += sizeOf(entry);
    // Watch builds keep minting new hashed names: drop the oldest entries past the cap.
    for (const [oldFile, old] of cache) {
      if (cachedBytes <= CACHE_MAX_BYTES || oldFile === file) break;
      cache.delete(oldFile);
      cachedBytes -= sizeOf(old);
    }
    return entry;
  };

  return async (c, next) => {
    const method = c.req.method;
    const urlPath = c.req.path;
    if (
      (method !== 'GET' && method !== 'HEAD') ||
      urlPath === '/api' ||
      urlPath.startsWith('/api/')
    )
      return next();
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });

    if (!options.sourceMaps && urlPath.toLowerCase().endsWith('.map'))
      return c.text('Not found', 404);
    const found = urlPath === '/' ? null : await fileIn(root, urlPath);
    if (!found && urlPath.startsWith('/assets/')) return c.text('Not found', 404);
    const target = found ?? (await fileIn(root, '/index.html'));
    if (!target) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });

    const entry = await load(target.file, target.mtimeMs, target.size);
    const coding = acceptedCodings(c.req.header('Accept-Encoding')).find((name) => entry[name]);
    const chosen = coding ? entry[coding]! : entry.identity;
    const hashed = found !== null && urlPath.startsWith('/assets/');
    const headers: Record<string, string> = {
      'Content-Type':
        CONTENT_TYPES[path.extname(target.file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': hashed ? IMMUTABLE : 'no-cache',
    };
    // A hashed asset is never revalidated (its name changes with its content): no validator to send.
    if (!hashed) headers.ETag = chosen.etag;
    if (entry.br || entry.gzip) headers.Vary = 'Accept-Encoding';
    if (coding) headers['Content-Encoding'] = coding;
    if (!hashed && matches(c.req.header('If-None-Match'), chosen.etag)) {
      delete headers['Content-Type'];
      delete headers['Content-Encoding'];
      return c.body(null, 304, headers);
    }
    headers['Content-Length'] = String(chosen.body.length);
    if (method === 'HEAD') return c.body(null, 200, headers);
    const bytes = chosen.body.buffer.slice(
      chosen.body.byteOffset,
      chosen.body.byteOffset + chosen.body.byteLength,
    ) as ArrayBuffer;
    return c.body(bytes, 200, headers);
  };
}
