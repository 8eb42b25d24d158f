import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keysToCamelCase, keysToSnakeCase } from '../../src/domain/text/case';
import { startServer, testClient, type TestServer } from '../unit/api/helpers';

const lowerWord = fc.stringMatching(/^[a-z]{1,8}$/);
const capWord = fc.stringMatching(/^[A-Z][a-z]{1,7}$/);
const camelKeyArb = fc
  .tuple(lowerWord, fc.array(capWord, { maxLength: 3 }))
  .map(([head, rest]) => head + rest.join(''));
// Later words need two letters: 'a_b_c' → 'aBC' reads back as the acronym 'a_bc', which is
// ambiguous by nature, not a conversion bug.
const snakeKeyArb = fc
  .tuple(lowerWord, fc.array(fc.stringMatching(/^[a-z]{2,8}$/), { maxLength: 3 }))
  .map(([head, rest]) => [head, ...rest].join('_'));

const dataUrl = fc
  .base64String({ minLength: 4, maxLength: 40 })
  .map((b) => `data:image/png;base64,${b}`);
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  dataUrl,
  fc.constant('snake_value_Like'),
);

function jsonWithKeys(key: fc.Arbitrary<string>) {
  return fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(key, tie('node'), { maxKeys: 5 }),
    ),
  })).node;
}

const keysOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
};

describe('key case conversion', () => {
  test('camelCase → snake_case → camelCase gives back the same value, values untouched', () => {
    fc.assert(
      fc.property(jsonWithKeys(camelKeyArb), (value) => {
        const snake = keysToSnakeCase(value);
        expect(keysOf(snake).every((k) => k === k.toLowerCase())).toBe(true);
        expect(keysToCamelCase(snake)).toEqual(value);
      }),
    );
  });

  test('snake_case → camelCase → snake_case gives back the same value', () => {
    fc.assert(
      fc.property(jsonWithKeys(snakeKeyArb), (value) => {
        const camel = keysToCamelCase(value);
        expect(keysOf(camel).every((k) => !k.includes('_'))).toBe(true);
        expect(keysToSnakeCase(camel)).toEqual(value);
      }),
    );
  });

  test('binary bodies are never converted', () => {
    const buffer = new Uint8Array([1, 2]);
    const blob = new Blob(['x']);
    expect(keysToSnakeCase(buffer)).toBe(buffer);
    expect(keysToCamelCase<{ fileData: Blob }>({ file_data: blob }).fileData).toBe(blob);
  });
});

describe('round trip over the wire', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req) => ({ body: { success: true, data: req.body } }));
  });
  afterAll(async () => {
    await server.close();
  });

  test('a camelCase body reaches the server snake_case and comes back as it was sent', async () => {
    const { http } = testClient({ apiRoot: server.apiRoot });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(camelKeyArb, jsonWithKeys(camelKeyArb), { minKeys: 1, maxKeys: 4 }),
        async (body) => {
          const before = server.requests.length;
          const answer = await http.post('/echo', body);
          expect(server.requests[before].body).toEqual(keysToSnakeCase(body));
          expect(answer.data).toEqual(body);
        },
      ),
      { numRuns: 30 },
    );
  });
});
