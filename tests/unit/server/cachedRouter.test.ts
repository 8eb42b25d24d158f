import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { CachedRouter } from '../../../src/server/http/fast/cachedRouter';

function app() {
  const app = new Hono({ router: new CachedRouter() });
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Seen', 'yes');
  });
  app.get('/items/special', (c) => c.text('special'));
  app.get('/items/:id', (c) => c.text(`item ${c.req.param('id')}`));
  app.post('/items/:id', (c) => c.text(`posted ${c.req.param('id')}`));
  app.get('/files/*', (c) => c.text(`file ${c.req.path}`));
  return app;
}

test('a repeated path gets the same answer as the first time, with its own parameters and method', async () => {
  const routes = app();
  const text = async (path: string, method = 'GET') => {
    const res = await routes.request(path, { method });
    return `${res.status} ${await res.text()} ${res.headers.get('x-seen')}`;
  };
  for (let round = 0; round < 3; round++) {
    expect(await text('/items/1')).toBe('200 item 1 yes');
    expect(await text('/items/2')).toBe('200 item 2 yes');
    expect(await text('/items/special')).toBe('200 special yes');
    expect(await text('/items/1', 'POST')).toBe('200 posted 1 yes');
    expect(await text('/items/special', 'DELETE')).toBe('404 404 Not Found yes');
    expect(await text('/files/a/b.txt')).toBe('200 file /files/a/b.txt yes');
  }
});

test('past its size, old paths are forgotten and still answered right; very long paths are matched every time', async () => {
  const routes = app();
  for (let id = 0; id < 2500; id++) {
    const res = await routes.request(`/items/${id}`);
    expect(await res.text()).toBe(`item ${id}`);
  }
  expect(await (await routes.request('/items/0')).text()).toBe('item 0');
  const long = 'x'.repeat(500);
  expect(await (await routes.request(`/items/${long}`)).text()).toBe(`item ${long}`);
});
