import { describe, expect, test } from 'vitest';
import {
  AMOUNT_SERIES,
  chartSeries,
  DOCUMENT_ROWS,
  emptySummaryValues,
  INVOICE_SUMMARY_FIELDS,
  toApi,
  toFrontEnd,
} from '../../../src/domain/billing/invoiceSummary';

const apiRow = {
  id: 7,
  invoice_period: '2024-03',
  number_of_active_customer: 120,
  number_of_total_transaction: 1000,
  amount_of_total_transaction: 150000000,
  amount_of_local_voice_transaction: 1,
  amount_of_hp_local_voice_transaction: 2,
  amount_of_voice_sljj_transaction: 3,
  amount_of_hp_voice_sljj_transaction: 4,
  amount_of_voice_sli_transaction: 5,
  amount_of_activation_transaction: 6,
  amount_of_subscription_transaction: 7,
  amount_of_mincom_transaction: 8,
  amount_of_resell_transaction: 9,
  amount_of_other_cost_transaction: 10,
  number_of_usage_transaction: 900,
  number_of_verified_invoice: 800,
  number_of_generated_invoice: 700,
  number_of_delivered_invoice: 600,
  number_of_uploaded_tax_invoice: 500,
  url_shared_file_draft_invoice: 'https://drive.example/draft',
  url_shared_file_verified_invoice: 'https://drive.example/verified',
  url_shared_folder_invoice: 'https://drive.example/invoices',
  url_shared_folder_tax_invoice: 'https://drive.example/tax',
  created_at: '2024-03-01T00:00:00.000Z',
  updated_at: '2024-03-02T00:00:00.000Z',
};

describe('toFrontEnd', () => {
  test('maps every API field to its front-end name', () => {
    const s = toFrontEnd(apiRow);
    expect(s).toMatchObject({
      id: 7,
      period: '2024-03',
      periodDisplay: 'Maret 2024',
      activeCustomerCount: 120,
      totalTransactionCount: 1000,
      totalTransactionAmount: 150000000,
      localVoiceCallAmount: 1,
      mobileLocalVoiceCallAmount: 2,
      longDistanceVoiceCallAmount: 3,
      mobileLongDistanceVoiceCallAmount: 4,
      internationalVoiceCallAmount: 5,
      activationServiceAmount: 6,
      subscriptionServiceAmount: 7,
      mincomServiceAmount: 8,
      resellServiceAmount: 9,
      otherServiceAmount: 10,
      usageTransactionCount: 900,
      verifiedInvoiceCount: 800,
      generatedInvoiceCount: 700,
      deliveredInvoiceCount: 600,
      uploadedTaxInvoiceCount: 500,
      draftInvoiceFileUrl: 'https://drive.example/draft',
      verifiedInvoiceFileUrl: 'https://drive.example/verified',
      invoiceFolderUrl: 'https://drive.example/invoices',
      taxInvoiceFolderUrl: 'https://drive.example/tax',
      createdAt: '2024-03-01T00:00:00.000Z',
      updatedAt: '2024-03-02T00:00:00.000Z',
    });
  });

  test('reads the camel-cased API names the browser client produces', () => {
    const s = toFrontEnd({
      invoicePeriod: '2024-01',
      numberOfActiveCustomer: 3,
      urlSharedFolderInvoice: 'https://x.example/',
    });
    expect(s.period).toBe('2024-01');
    expect(s.activeCustomerCount).toBe(3);
    expect(s.invoiceFolderUrl).toBe('https://x.example/');
  });

  test('missing numbers are 0, missing URLs empty, numeric text is read', () => {
    const s = toFrontEnd({
      invoice_period: '2024-01',
      amount_of_total_transaction: '150000000',
      number_of_usage_transaction: null,
    });
    expect(s.totalTransactionAmount).toBe(150000000);
    expect(s.usageTransactionCount).toBe(0);
    expect(s.activeCustomerCount).toBe(0);
    expect(s.draftInvoiceFileUrl).toBe('');
    expect(s.id).toBeNull();
    expect(toFrontEnd(undefined).period).toBe('');
  });

  test('net revenue is revenue minus cost when the server does not send it', () => {
    expect(toFrontEnd({ totalRevenue: 1000, totalCost: 300 }).netRevenue).toBe(700);
    expect(toFrontEnd({ totalRevenue: 1000, totalCost: 300, netRevenue: 650 }).netRevenue).toBe(
      650,
    );
  });
});

describe('toApi', () => {
  test('sends API names with whole numbers and drops null/undefined', () => {
    expect(
      toApi({
        period: '2024-02',
        activeCustomerCount: 10.4,
        totalTransactionAmount: '1.500.000',
        localVoiceCallAmount: 'abc',
        usageTransactionCount: undefined,
        verifiedInvoiceCount: null,
        draftInvoiceFileUrl: ' https://x.example/a ',
      }),
    ).toEqual({
      invoice_period: '2024-02',
      number_of_active_customer: 10,
      amount_of_total_transaction: 1500000,
      amount_of_local_voice_transaction: 0,
      url_shared_file_draft_invoice: 'https://x.example/a',
    });
  });

  test('never sends read-only fields', () => {
    const body = toApi(toFrontEnd(apiRow)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('periodDisplay');
    expect(body).not.toHaveProperty('created_at');
    expect(Object.keys(body)).toHaveLength(INVOICE_SUMMARY_FIELDS.length);
  });
});

test('the chart series follow docs/product.md#limits, mapped to the amounts of #data in order', () => {
  expect(AMOUNT_SERIES.map((s) => [s.label, s.api])).toEqual([
    ['Lokal', 'amount_of_local_voice_transaction'],
    ['HP Lokal', 'amount_of_hp_local_voice_transaction'],
    ['SLJJ', 'amount_of_voice_sljj_transaction'],
    ['HP SLJJ', 'amount_of_hp_voice_sljj_transaction'],
    ['SLI', 'amount_of_voice_sli_transaction'],
    ['Aktivasi', 'amount_of_activation_transaction'],
    ['Abodemen', 'amount_of_subscription_transaction'],
    ['Mincom', 'amount_of_mincom_transaction'],
    ['Resell', 'amount_of_resell_transaction'],
    ['Lainnya', 'amount_of_other_cost_transaction'],
  ]);
  expect(chartSeries(false).map((s) => s.label)).toEqual([
    'Lokal',
    'HP Lokal',
    'SLJJ',
    'HP SLJJ',
    'SLI',
  ]);
  expect(chartSeries(true)).toHaveLength(10);
});

test('the documents table has one row per document URL', () => {
  expect(DOCUMENT_ROWS.map((r) => r.api)).toEqual([
    'url_shared_file_draft_invoice',
    'url_shared_file_verified_invoice',
    'url_shared_folder_invoice',
    'url_shared_folder_tax_invoice',
  ]);
  expect(DOCUMENT_ROWS.map((r) => r.type)).toEqual(['File', 'File', 'Folder', 'Folder']);
});

test('emptySummaryValues starts every number at 0 and every text empty', () => {
  const v = emptySummaryValues('2024-05');
  expect(v.period).toBe('2024-05');
  expect(v.totalTransactionCount).toBe(0);
  expect(v.taxInvoiceFolderUrl).toBe('');
});
