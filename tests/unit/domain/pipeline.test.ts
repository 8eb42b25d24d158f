import { describe, expect, test } from 'vitest';
import {
  colourBand,
  overallCompletion,
  percentage,
  PIPELINE_STEPS,
  pipelineStep,
  stepByProgressPath,
  stepProgress,
} from '../../../src/domain/billing/pipeline';

const counts = (total: number, [u, v, g, d, t]: number[]) => ({
  totalTransactionCount: total,
  usageTransactionCount: u,
  verifiedInvoiceCount: v,
  generatedInvoiceCount: g,
  deliveredInvoiceCount: d,
  uploadedTaxInvoiceCount: t,
});

describe('the five steps', () => {
  test('titles, count fields and progress paths follow docs/product.md#flows and #api', () => {
    expect(PIPELINE_STEPS.map((s) => [s.title, s.countField, s.countKey, s.progressPath])).toEqual([
      [
        'Penyediaan Data Transaksi',
        'number_of_usage_transaction',
        'usageTransactionCount',
        'progress-usage',
      ],
      [
        'Verifikasi Transaksi & Tagihan',
        'number_of_verified_invoice',
        'verifiedInvoiceCount',
        'progress-verified',
      ],
      [
        'Generate Tagihan',
        'number_of_generated_invoice',
        'generatedInvoiceCount',
        'progress-generated',
      ],
      [
        'Pengiriman Tagihan',
        'number_of_delivered_invoice',
        'deliveredInvoiceCount',
        'progress-delivered',
      ],
      [
        'Upload Faktur Pajak',
        'number_of_uploaded_tax_invoice',
        'uploadedTaxInvoiceCount',
        'progress-tax-uploaded',
      ],
    ]);
  });

  test('each step with a document names its URL; delivery has none', () => {
    expect(PIPELINE_STEPS.map((s) => s.urlField)).toEqual([
      'url_shared_file_draft_invoice',
      'url_shared_file_verified_invoice',
      'url_shared_folder_invoice',
      null,
      'url_shared_folder_tax_invoice',
    ]);
  });

  test('steps are found by key and by progress path', () => {
    expect(pipelineStep('taxUploaded').title).toBe('Upload Faktur Pajak');
    expect(stepByProgressPath('progress-delivered')?.key).toBe('delivered');
    expect(stepByProgressPath('progress-nothing')).toBeUndefined();
  });
});

describe('percentage', () => {
  test('rounds count / total', () => {
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(1, 2)).toBe(50);
    expect(percentage(5, 5)).toBe(100);
  });

  test('is 0 when the total is 0', () => {
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(7, 0)).toBe(0);
  });

  test('is clamped to 0..100', () => {
    expect(percentage(12, 10)).toBe(100);
    expect(percentage(-3, 10)).toBe(0);
    expect(percentage(Number.NaN, 10)).toBe(0);
  });
});

describe('overall completion and bars', () => {
  test('is the rounded mean of the five percentages', () => {
    expect(overallCompletion(counts(100, [100, 80, 60, 40, 20]))).toBe(60);
    expect(overallCompletion(counts(3, [1, 1, 1, 1, 2]))).toBe(40); // (33*4 + 67) / 5 = 39.8
    expect(overallCompletion(counts(0, [5, 5, 5, 5, 5]))).toBe(0);
  });

  test('stepProgress gives each bar its percentage and colour', () => {
    const bars = stepProgress(counts(10, [10, 7, 5, 1, 0]));
    expect(bars.map((b) => [b.step.key, b.percentage, b.band])).toEqual([
      ['usage', 100, 'success'],
      ['verified', 70, 'info'],
      ['generated', 50, 'warning'],
      ['delivered', 10, 'danger'],
      ['taxUploaded', 0, 'danger'],
    ]);
  });
});

test.each([
  [100, 'success'],
  [80, 'success'],
  [79, 'info'],
  [60, 'info'],
  [59, 'warning'],
  [40, 'warning'],
  [39, 'danger'],
  [0, 'danger'],
])('colourBand(%d) is %s', (pct, band) => {
  expect(colourBand(pct)).toBe(band);
});
