import { expect, test } from 'vitest';
import fc from 'fast-check';
import {
  INVOICE_SUMMARY_FIELDS,
  toApi,
  toFrontEnd,
  type InvoiceSummaryValues,
  type SummaryFieldKind,
} from '../../src/domain/billing/invoiceSummary';
import { formatPeriodDisplay } from '../../src/domain/billing/period';
import { validateCreateBill, validateUpdateBill } from '../../src/domain/validation/billForms';
import {
  invoiceSummaryCreateStruct,
  invoiceSummaryUpdateStruct,
} from '../../src/domain/validation/structs';
import { validateBody } from '../../src/domain/validation/structError';
import { MAX_SUMMARY_NUMBER } from '../../src/domain/validation/summaryRules';

const period = fc
  .record({ year: fc.integer({ min: 2000, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);

function summaryValues(
  number: fc.Arbitrary<number>,
  url: fc.Arbitrary<string>,
  periods: fc.Arbitrary<string>,
) {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of INVOICE_SUMMARY_FIELDS) {
    shape[f.key] = f.kind === 'period' ? periods : f.kind === 'url' ? url : number;
  }
  return fc.record(shape) as fc.Arbitrary<InvoiceSummaryValues>;
}

const validValues = summaryValues(
  fc.integer({ min: 0, max: MAX_SUMMARY_NUMBER }),
  fc.oneof(fc.constant(''), fc.webUrl()),
  period,
);

test('front-end values → API body → front-end values is the identity', () => {
  fc.assert(
    fc.property(validValues, (values) => {
      const back = toFrontEnd(toApi(values) as Record<string, unknown>);
      expect(back).toMatchObject(values);
      expect(back.periodDisplay).toBe(formatPeriodDisplay(values.period));
    }),
  );
});

test('an API row → front end → API body is the identity', () => {
  fc.assert(
    fc.property(validValues, (values) => {
      const body = toApi(values);
      expect(toApi(toFrontEnd(body as Record<string, unknown>))).toEqual(body);
    }),
  );
});

// Mostly valid summaries (progress within the total), each possibly broken in one field, so both
// verdicts occur often.
const consistentValues = fc.integer({ min: 1, max: 5000 }).chain((total) =>
  validValues.chain((base) =>
    fc
      .record({
        activeCustomerCount: fc.integer({ min: 1, max: 5000 }),
        usageTransactionCount: fc.integer({ min: 0, max: total }),
        verifiedInvoiceCount: fc.integer({ min: 0, max: total }),
        generatedInvoiceCount: fc.integer({ min: 0, max: total }),
        deliveredInvoiceCount: fc.integer({ min: 0, max: total }),
        uploadedTaxInvoiceCount: fc.integer({ min: 0, max: total }),
        draftInvoiceFileUrl: fc.webUrl(),
      })
      .map((fixed) => ({ ...base, ...fixed, totalTransactionCount: total })),
  ),
);

const BREAKAGE: Record<SummaryFieldKind, unknown[]> = {
  period: ['', '2024-13', '2024-1', '24-01'],
  count: [-1, 0, 1.5, 10_000, MAX_SUMMARY_NUMBER + 1, 2 ** 60, '1.000', 'Rp 2.000'],
  amount: [-1, 0, 1.5, MAX_SUMMARY_NUMBER + 1, 2 ** 60, 'Rp 1.500.000,50'],
  url: [
    '',
    'javascript:alert(1)',
    'data:text/html,x',
    'https://u:p@x.example/',
    'ftp://x.example',
    'https://x.example/a b',
  ],
};

const breakage = fc.oneof(
  fc.constant(null),
  fc
    .constantFrom(...INVOICE_SUMMARY_FIELDS)
    .chain((f) => fc.constantFrom(...BREAKAGE[f.kind]).map((value) => ({ key: f.key, value }))),
);

const messyValues = fc
  .tuple(consistentValues, breakage)
  .map(([values, broken]) =>
    broken ? ({ ...values, [broken.key]: broken.value } as InvoiceSummaryValues) : values,
  );

test('the browser form and the server struct accept and refuse the same summaries', () => {
  const verdicts = new Set<boolean>();
  fc.assert(
    fc.property(messyValues, (values) => {
      const formOk = Object.keys(validateCreateBill(values)).length === 0;
      const serverOk = validateBody(invoiceSummaryCreateStruct, toApi(values)).ok;
      expect(serverOk).toBe(formOk);
      const formUpdateOk = Object.keys(validateUpdateBill(values)).length === 0;
      expect(validateBody(invoiceSummaryUpdateStruct, toApi(values)).ok).toBe(formUpdateOk);
      verdicts.add(formOk);
    }),
    { numRuns: 300 },
  );
  expect([...verdicts].sort()).toEqual([false, true]);
});
