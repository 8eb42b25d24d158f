// The server's worker threads (the sanitiser, the PDF join): CPU-bound work kept off the event
// loop so every other request is still answered meanwhile.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts `entry`, one of the thread bundles scripts/build-server.mjs writes beside the server's
 * chunks, or under tsx (development, tests) its TypeScript `source`, loaded through tsx's loader
 * registered in the thread.
 */
export function startThread(entry: string, source: URL, options: WorkerOptions = {}): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL(`./${entry}.mjs`, import.meta.url), options);
  const href = JSON.stringify(source.href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${href}); });`,
    { ...options, eval: true },
  );
}
