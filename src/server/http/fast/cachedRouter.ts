import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Distinct method + path pairs remembered; a path with an id in it is one entry per id. */
const CACHE_ENTRIES = 1000;
/** Longer paths are matched every time, so odd URLs cannot fill the memory. */
const CACHE_PATH_MAX = 200;

/**
 * Hono's default router (RegExpRouter where it can, else TrieRouter: ours ends up a trie, since
 * `/menus/user` and `/menus/:id` sit side by side) with the answers for recent paths kept. Walking
 * the trie through the app's middleware and routes cost 7–15 µs a request; a repeated path now
 * costs a Map lookup. Hono only reads a match result, so one result serves every request of its path.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  private readonly router: Router<T> = new SmartRouter<T>({
    routers: [new RegExpRouter<T>(), new TrieRouter<T>()],
  });
  private readonly results = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.results.clear();
    this.router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > CACHE_PATH_MAX) return this.router.match(method, path);
    const key = `${method} ${path}`;
    let result = this.results.get(key);
    if (result === undefined) {
      result = this.router.match(method, path);
      if (this.results.size >= CACHE_ENTRIES)
        this.results.delete(this.results.keys().next().value!);
      this.results.set(key, result);
    }
    return result;
  }
}
