import { expect, test } from 'vitest';
import fc from 'fast-check';
import {
  colourBand,
  overallCompletion,
  percentage,
  PIPELINE_STEPS,
  stepProgress,
} from '../../src/domain/billing/pipeline';

const count = fc.integer({ min: -1000, max: 1_000_000 });
const total = fc.integer({ min: 0, max: 1_000_000 });

const summary = fc.record({
  totalTransactionCount: total,
  usageTransactionCount: count,
  verifiedInvoiceCount: count,
  generatedInvoiceCount: count,
  deliveredInvoiceCount: count,
  uploadedTaxInvoiceCount: count,
});

test('a percentage is a whole number in 0..100', () => {
  fc.assert(
    fc.property(fc.double(), fc.double(), (c, t) => {
      const p = percentage(c, t);
      return Number.isInteger(p) && p >= 0 && p <= 100;
    }),
  );
});

test('a percentage grows with the count and is 100 at the total', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 1e9 }),
      fc.integer({ min: 0, max: 1e9 }),
      fc.integer({ min: 0, max: 1e9 }),
      (t, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(percentage(lo, t)).toBeLessThanOrEqual(percentage(hi, t));
        expect(percentage(t, t)).toBe(100);
      },
    ),
  );
});

test('overall completion lies between the lowest and highest step and is whole', () => {
  fc.assert(
    fc.property(summary, (s) => {
      const steps = stepProgress(s).map((p) => p.percentage);
      const overall = overallCompletion(s);
      expect(Number.isInteger(overall)).toBe(true);
      expect(overall).toBeGreaterThanOrEqual(Math.min(...steps));
      expect(overall).toBeLessThanOrEqual(Math.max(...steps));
      expect(steps).toHaveLength(PIPELINE_STEPS.length);
    }),
  );
});

const rank = { danger: 0, warning: 1, info: 2, success: 3 } as const;

test('the colour band never gets worse as the percentage rises', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      return rank[colourBand(lo)] <= rank[colourBand(hi)];
    }),
  );
});
