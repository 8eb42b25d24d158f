import { expect, test } from 'vitest';
import fc from 'fast-check';
import type { Struct } from 'superstruct';
import * as structs from '../../src/domain/validation/structs';
import { validateBody } from '../../src/domain/validation/structError';
import { isSafeDocumentUrl } from '../../src/domain/validation/url';
import { PIPELINE_STEPS } from '../../src/domain/billing/pipeline';

const bodyStructs = [
  structs.loginStruct,
  structs.registerStruct,
  structs.forgotPasswordStruct,
  structs.resetPasswordStruct,
  structs.refreshStruct,
  structs.accountUpdateStruct,
  structs.passwordChangeStruct,
  structs.userCreateStruct,
  structs.userUpdateStruct,
  structs.verifyUserStruct,
  structs.invoiceSummaryCreateStruct,
  structs.invoiceSummaryUpdateStruct,
  ...PIPELINE_STEPS.map((s) => structs.progressUpdateStruct(s.key)),
] as unknown as Struct<unknown, unknown>[];

test('any JSON body gets a result with a field and a human message, never an exception', () => {
  fc.assert(
    fc.property(fc.constantFrom(...bodyStructs), fc.jsonValue(), (struct, body) => {
      const result = validateBody(struct, body);
      if (!result.ok) {
        expect(typeof result.field).toBe('string');
        expect(result.message).not.toMatch(/Expected a value of type/);
        expect(result.message.length).toBeGreaterThan(0);
      }
    }),
    { numRuns: 500 },
  );
});

test('no URL with a scheme other than http(s), credentials or whitespace is ever safe', () => {
  fc.assert(
    fc.property(
      fc.string(),
      fc.constantFrom('javascript:', 'data:', 'JavaScript:', 'vbscript:', 'file:', ' https://'),
      (rest, scheme) => {
        expect(isSafeDocumentUrl(scheme + rest)).toBe(false);
      },
    ),
  );
  fc.assert(
    fc.property(fc.webUrl(), fc.constantFrom(' ', '\t', '\n'), (url, space) => {
      expect(isSafeDocumentUrl(url + space + 'x')).toBe(false);
    }),
  );
  fc.assert(
    fc.property(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      (url) => url.length > 2048 || isSafeDocumentUrl(url),
    ),
  );
});

test('bodies with keys such as toString, valueOf or __proto__ at any depth get a field and a message, never an exception', () => {
  const key = fc.constantFrom(
    'toString',
    'valueOf',
    '__proto__',
    'constructor',
    'email',
    'password',
    'name',
    'invoice_period',
    'number_of_total_transaction',
    'url_shared_file_draft_invoice',
    'role',
    'is_verified',
    'notes',
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 1 }),
      fc.dictionary(key, tie('tree'), { maxKeys: 4 }),
      fc.array(tie('tree'), { maxLength: 3 }),
    ),
  }));
  fc.assert(
    fc.property(
      fc.constantFrom(...bodyStructs),
      fc.dictionary(key, tree, { maxKeys: 6 }),
      (struct, generated) => {
        const body: unknown = JSON.parse(JSON.stringify(generated)); // as a request body arrives
        const result = validateBody(struct, body);
        if (!result.ok) {
          expect(typeof result.field).toBe('string');
          expect(result.message.length).toBeGreaterThan(0);
        }
      },
    ),
    { numRuns: 1000 },
  );
});
