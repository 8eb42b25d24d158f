import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
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

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'App not built: run npm run build';

async function fileIn(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * The built SPA: files from distDir (hashed /assets cached for a year, everything else revalidated),
 * and index.html for any other GET so deep links work. Never answers under /api.
 */
export function serveSpa(distDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir);
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });

    const found = c.req.path === '/' ? null : await fileIn(root, c.req.path);
    if (!found && c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    const file = found ?? index;
    const body = await readFile(file);
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const cache = found && c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
    const bytes = body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
    const headers = { 'Content-Type': type, 'Cache-Control': cache };
    return method === 'HEAD' ? c.body(null, 200, headers) : c.body(bytes, 200, headers);
  };
}
