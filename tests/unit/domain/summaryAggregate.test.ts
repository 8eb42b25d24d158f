import { expect, test } from 'vitest';
import { toFrontEnd } from '../../../src/domain/billing/invoiceSummary';
import {
  aggregateSummaries,
  recentPeriodSummaries,
} from '../../../src/domain/billing/summaryAggregate';

const a = toFrontEnd({
  id: 1,
  invoice_period: '2024-01',
  number_of_active_customer: 10,
  number_of_total_transaction: 100,
  amount_of_local_voice_transaction: 500,
  number_of_usage_transaction: 40,
  url_shared_folder_invoice: '',
  url_shared_file_draft_invoice: 'https://x.example/a',
  created_at: '2024-01-02T00:00:00Z',
  updated_at: '2024-01-05T00:00:00Z',
  totalRevenue: 10,
  totalCost: 4,
});
const b = toFrontEnd({
  id: 2,
  invoice_period: '2024-01',
  number_of_active_customer: 5,
  number_of_total_transaction: 50,
  amount_of_local_voice_transaction: 250,
  number_of_usage_transaction: 10,
  url_shared_folder_invoice: 'https://x.example/folder',
  url_shared_file_draft_invoice: 'https://x.example/b',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-03T00:00:00Z',
  totalRevenue: 5,
  totalCost: 1,
});

test('summaries of a period are summed; the first URL present wins', () => {
  const total = aggregateSummaries([a, b]);
  expect(total).toMatchObject({
    period: '2024-01',
    periodDisplay: 'Januari 2024',
    activeCustomerCount: 15,
    totalTransactionCount: 150,
    localVoiceCallAmount: 750,
    usageTransactionCount: 50,
    draftInvoiceFileUrl: 'https://x.example/a',
    invoiceFolderUrl: 'https://x.example/folder',
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-05T00:00:00Z',
    totalRevenue: 15,
    netRevenue: 10,
    id: null,
  });
});

test('one summary stays itself; none gives zeros', () => {
  expect(aggregateSummaries([a])).toBe(a);
  const empty = aggregateSummaries([]);
  expect(empty.totalTransactionCount).toBe(0);
  expect(empty.period).toBe('');
  expect(empty.draftInvoiceFileUrl).toBe('');
});

test('mixed periods lose the period', () => {
  expect(aggregateSummaries([a, { ...b, period: '2024-02' }]).period).toBe('');
});

test('the overview keeps the 6 most recent periods, oldest first, one entry each', () => {
  const months = [
    '2023-09',
    '2023-10',
    '2023-11',
    '2023-12',
    '2024-01',
    '2024-02',
    '2024-03',
    '2023-08',
  ];
  const list = months.map((period, i) => ({ ...a, period, totalTransactionCount: i + 1 }));
  list.push({ ...b, period: '2024-03', totalTransactionCount: 100 });
  const recent = recentPeriodSummaries(list);
  expect(recent.map((s) => s.period)).toEqual([
    '2023-10',
    '2023-11',
    '2023-12',
    '2024-01',
    '2024-02',
    '2024-03',
  ]);
  expect(recent[5].totalTransactionCount).toBe(107);
});
