// ESLint flat config. Besides the recommended rules it encodes the layers of src/ (README, Layout): each
// folder of src/ gets the list of folders and packages it must not import (static imports,
// re-exports, `import()` and `typeof import()` alike), so a layer crossing fails `npm run lint`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A relative import that climbs into one of the given folders of src/ (`../ui/x`, `../../server`). */
const folders = (names) => `^(\\./)?(\\.\\./)+(${names.join('|')})(/|$)`;
/** A bare import of one of the given packages or one of their subpaths. */
const packages = (names) => `^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})(/|$)`;

const HEAVY = ['docxtemplater', 'pizzip', 'xlsx'];
/** The generator worker's stages, each a folder of src/workers with one entry file (docs/generator.md). */
const WORKER_STAGES = ['read', 'template', 'merge', 'pictures', 'package'];
const HEAVY_WHY = 'docxtemplater, pizzip and xlsx live only in the worker bundle (src/workers).';

/**
 * One config block per layer. `no-restricted-imports` checks import/export declarations (type
 * imports included); `no-restricted-syntax` adds `import()` and `typeof import()`, which that rule
 * does not see. Flat config replaces a rule's options per block, so every block states the whole
 * list of its folder.
 */
function layer(files, forbidden, syntax = []) {
  const selectors = forbidden.flatMap(({ regex, message }) => {
    // esquery ends a regex literal at the first '/', escaped or not.
    const source = regex.replaceAll('\\/', '/').replaceAll('/', '\\x2F');
    return [
      { selector: `ImportExpression[source.value=/${source}/]`, message },
      { selector: `TSImportType[argument.literal.value=/${source}/]`, message },
    ];
  });
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: forbidden.map(({ regex, message }) => ({ regex, message })) },
      ],
      'no-restricted-syntax': ['error', ...selectors, ...syntax],
    },
  };
}

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    'bench-results/',
    '.tmp-*/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The two classic hook rules. The React Compiler rules of the plugin's v7 preset are not on:
    // they run Babel over every component (slow on a shared 2-core machine) and flag three
    // patterns (Modal's latest-callback ref, PreviewStep's reset effect, routes' page lookup)
    // that need a UI change of their own.
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A value a machine's state guarantees is read through src/machines/shared/required.ts, which
    // names the broken invariant, never with a non-null `!`.
    files: ['src/machines/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Tests read loosely typed JSON answers and reach into library internals on purpose.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Kysely's documented migration signature is `Kysely<any>`: a migration must not depend on
    // today's schema type.
    files: ['src/server/db/migrations/**', 'src/server/jobs/queue.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },

  layer(
    ['src/domain/**'],
    [
      {
        regex: folders(['ui', 'api', 'machines', 'workers', 'server']),
        message: 'src/domain is pure and shared: it imports nothing from the other layers.',
      },
      {
        regex: packages([...HEAVY, 'react', 'react-dom', 'ofetch', 'xstate', 'hono', 'kysely']),
        message: 'src/domain is pure: no UI, HTTP, state-machine, server or document libraries.',
      },
    ],
  ),
  layer(
    ['src/api/**'],
    [
      {
        regex: folders(['ui', 'machines', 'workers', 'server']),
        message: 'src/api is the browser API client: it imports only src/domain.',
      },
      { regex: packages(HEAVY), message: HEAVY_WHY },
    ],
  ),
  layer(
    ['src/machines/**'],
    [
      {
        regex: folders(['ui', 'api', 'workers', 'server']),
        message: 'A machine gets its side effects injected (provide); it imports only src/domain.',
      },
      {
        regex: packages(['react', 'react-dom', 'ofetch']),
        message: 'A machine never imports React, ofetch or the DOM (its effects are injected).',
      },
      { regex: packages(HEAVY), message: HEAVY_WHY },
    ],
  ),
  layer(
    ['src/workers/**'],
    [
      {
        regex: folders(['ui', 'api', 'machines', 'server']),
        message: 'src/workers imports only src/domain.',
      },
      {
        // A stage folder's entry (index.ts) is its only door: `../template`, not
        // `../template/partFrames`. Unit tests of a stage's internals (tests/unit/workers/<stage>/)
        // are outside src/ and may import deep.
        regex: `(^|/)(${WORKER_STAGES.join('|')})/(?!index$)`,
        message:
          'A worker stage is imported through its entry (read, template, merge, pictures, package), never deep.',
      },
    ],
  ),
  layer(
    ['src/ui/**'],
    [
      { regex: folders(['server']), message: 'src/ui talks to the server only through src/api.' },
      {
        regex: `${folders(['workers'])}(?!bridge$)`,
        message: 'src/ui reaches the worker only through src/workers/bridge.',
      },
      { regex: packages(['ofetch']), message: 'src/ui talks to the server only through src/api.' },
      { regex: packages(HEAVY), message: HEAVY_WHY },
    ],
  ),
  ...serverLayers(),
]);

/**
 * src/server never reaches the browser layers. Inside it, auth/ holds the services (passwords,
 * tokens, sessions, rate limits) that types.ts and the HTTP layer are built from, so it imports
 * neither; and a route module never imports another route module (shared pieces live in auth/,
 * users/ or http/).
 */
function serverLayers() {
  const browser = {
    regex: folders(['ui', 'api', 'machines', 'workers']),
    message: 'src/server never imports src/ui, src/api, src/machines or src/workers.',
  };
  const heavy = { regex: packages(HEAVY), message: HEAVY_WHY };
  return [
    layer(['src/server/**'], [browser, heavy]),
    layer(
      ['src/server/auth/**'],
      [
        browser,
        heavy,
        {
          regex: '^\\.\\./(types|http|routes|users)(/|$)',
          message:
            'src/server/auth is below types.ts, http/, routes/ and users/: it imports none of them.',
        },
      ],
    ),
    layer(
      ['src/server/routes/**'],
      [
        browser,
        heavy,
        {
          regex: '^\\./(auth|account|users|menus|invoiceSummaries)$',
          message:
            'Route modules do not import each other: move the shared piece to auth/, users/ or http/.',
        },
      ],
      [
        {
          // `c.header(name, value)`, not `c.req.header(name)`: a header set that way is left off
          // an answer the envelope makes whole (src/server/http/fast/README.md).
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='header'][callee.object.type='Identifier']",
          message:
            'A route sets a header of its own with answerHeader(c, name, value) from http/fast/answerHeaders, never c.header (src/server/http/fast/README.md).',
        },
      ],
    ),
  ];
}
