import { expect, test } from 'vitest';
import fc from 'fast-check';
import { AMOUNT_KEYS, COUNT_KEYS, toFrontEnd } from '../../src/domain/billing/invoiceSummary';
import {
  aggregateSummaries,
  recentPeriodSummaries,
} from '../../src/domain/billing/summaryAggregate';

const summary = fc
  .record({
    invoice_period: fc.constantFrom('2024-01', '2024-02', '2024-03', '2023-12'),
    number_of_total_transaction: fc.nat(1e6),
    number_of_usage_transaction: fc.nat(1e6),
    amount_of_voice_sli_transaction: fc.nat(1e12),
  })
  .map((row) => toFrontEnd(row));

test('combined figures are the sums, whatever the order', () => {
  fc.assert(
    fc.property(fc.array(summary, { minLength: 2, maxLength: 8 }), (list) => {
      const forward = aggregateSummaries(list);
      const backward = aggregateSummaries([...list].reverse());
      for (const key of [...COUNT_KEYS, ...AMOUNT_KEYS]) {
        expect(forward[key]).toBe(list.reduce((sum, s) => sum + s[key], 0));
        expect(backward[key]).toBe(forward[key]);
      }
    }),
  );
});

test('the overview loses no figure of the periods it keeps', () => {
  fc.assert(
    fc.property(fc.array(summary, { maxLength: 12 }), (list) => {
      const recent = recentPeriodSummaries(list, 6);
      const total = (xs: typeof list) => xs.reduce((sum, s) => sum + s.totalTransactionCount, 0);
      expect(total(recent)).toBe(total(list)); // at most 4 distinct periods here, so all are kept
      expect(new Set(recent.map((s) => s.period)).size).toBe(recent.length);
    }),
  );
});
