import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

// The layers of src/ (README, *Layout*) are enforced by eslint.config.js. These cases lint a line of code as if
// it were a file in the given folder, so the boundary rule cannot drop out of the config unnoticed.
const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, {
    filePath: resolve(root, file),
  });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('import boundaries of the layers', () => {
  test.each([
    ['src/domain/layerProbe.ts', "import { App } from '../ui/App';", 'src/domain is pure'],
    [
      'src/domain/validation/layerProbe.ts',
      "import type { AppEnv } from '../../server/types';",
      'src/domain is pure',
    ],
    ['src/domain/layerProbe.ts', "export { http } from '../api/http';", 'src/domain is pure'],
    ['src/domain/layerProbe.ts', "import { ofetch } from 'ofetch';", 'src/domain is pure'],
    [
      'src/server/routes/layerProbe.ts',
      "import { authMachine } from '../../machines/auth/machine';",
      'src/server never imports',
    ],
    [
      'src/server/layerProbe.ts',
      "const ui = await import('../ui/App');",
      'src/server never imports',
    ],
    [
      'src/server/routes/layerProbe.ts',
      "import { logoutAllHandler } from './auth';",
      'Route modules do not import each other',
    ],
    [
      'src/server/auth/layerProbe.ts',
      "import type { AppEnv } from '../types';",
      'src/server/auth is below',
    ],
    [
      'src/server/auth/layerProbe.ts',
      "import { requireAuth } from '../http/requireAuth';",
      'src/server/auth is below',
    ],
    [
      'src/server/auth/layerProbe.ts',
      "import { App } from '../../ui/App';",
      'src/server never imports',
    ],
    [
      'src/ui/pages/layerProbe.tsx',
      "import { mergeDocuments } from '../../workers/mergeDocuments';",
      'only through src/workers/bridge',
    ],
    [
      'src/ui/pages/layerProbe.tsx',
      "const merge = () => import('../../workers/mergeDocuments');",
      'only through src/workers/bridge',
    ],
    [
      'src/ui/layerProbe.ts',
      "type Api = typeof import('../workers/generatorApi');",
      'only through src/workers/bridge',
    ],
    [
      'src/ui/layerProbe.ts',
      "import { createApp } from './../server/app';",
      'only through src/api',
    ],
    ['src/ui/layerProbe.ts', "import * as XLSX from 'xlsx';", 'only in the worker bundle'],
    ['src/api/layerProbe.ts', "import PizZip from 'pizzip';", 'only in the worker bundle'],
    ['src/machines/layerProbe.ts', "import { useState } from 'react';", 'never imports React'],
    ['src/machines/layerProbe.ts', "import { ofetch } from 'ofetch';", 'never imports React'],
    ['src/machines/layerProbe.ts', "import { http } from '../api/http';", 'injected'],
    [
      'src/workers/merge/layerProbe.ts',
      "import { joinChunks } from '../template/partFrames';",
      'imported through its entry',
    ],
    [
      'src/workers/layerProbe.ts',
      "import { writeZip } from './package/zipWriter';",
      'imported through its entry',
    ],
    [
      'src/workers/layerProbe.ts',
      "const read = () => import('./read/readWorkbook');",
      'imported through its entry',
    ],
  ])('%s: %s fails lint', async (file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  test.each([
    ['src/domain/validation/layerProbe.ts', "import { isValidPeriod } from '../period';"],
    [
      'src/ui/components/generator/layerProbe.ts',
      "import { generatorBridge } from '../../../workers/bridge';",
    ],
    ['src/ui/layerProbe.ts', "import { useState } from 'react';"],
    ['src/workers/layerProbe.ts', "import * as XLSX from 'xlsx';"],
    ['src/workers/layerProbe.ts', "import { mergeDocuments } from './merge';"],
    ['src/workers/merge/layerProbe.ts', "import { joinChunks } from '../template';"],
    ['src/workers/merge/layerProbe.ts', "import { writeZip } from '../package';"],
    ['src/machines/layerProbe.ts', "import { setup } from 'xstate';"],
    ['src/server/layerProbe.ts', "import { isValidPeriod } from '../domain/billing/period';"],
    ['src/server/routes/layerProbe.ts', "import { requestInfo } from './routeHelpers';"],
    ['src/server/routes/layerProbe.ts', "import { forgotPassword } from './authPassword';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe('the fast answer in route code (src/server/http/fast/README.md)', () => {
  const route = 'src/server/routes/headerProbe.ts';
  const handler = (body: string) =>
    `import type { Context } from 'hono';\nexport const probe = (c: Context) => ${body};`;

  test('c.header( in a route fails lint and names answerHeader', async () => {
    const errors = await layerErrors(route, handler("c.header('ETag', '\"1\"')"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('answerHeader(c, name, value)');
  });

  test.each([
    ['reading a request header', "c.req.header('If-Match')"],
    ['answerHeader', "answerHeader(c, 'ETag', '\"1\"')"],
  ])('%s in a route is allowed', async (_, body) => {
    expect(await layerErrors(route, handler(body))).toEqual([]);
  });

  test('outside the routes, the fast path itself may set headers', async () => {
    const errors = await layerErrors(
      'src/server/http/fast/headerProbe.ts',
      handler("c.header('Connection', 'close')"),
    );
    expect(errors).toEqual([]);
  });
});
