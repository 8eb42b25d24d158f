// `npm run bench`: every performance figure of the project, each printed beside a baseline
// measured in the same run. Figures, not pass/fail: nothing here fails on a slow machine.
// BENCH_ONLY=size,transfer,startup,merge,steps,screens,inputs,grouped,csv,bigdata,mergefield,pictures,corpus,api,pdf,sanitise,pdfwarm,efaktur,delivery picks sections; BENCH_SECONDS shortens the API load (default 30 s).
import { runApiBench } from './api';
import { bundleSizeReport, readBuildStats } from './bundle-size';
import { runMergeBench } from './merge-browser';
import { runStartupBench } from './startup';
import { runTransferBench } from './transfer';
import { runGeneratorExtrasBench } from './generator-extras';
import { runPdfBench } from './pdf';
import { runPdfWarmBench } from './pdf-warm';
import { runGroupedBench } from './merge-grouped';
import { runInputsBrowserBench } from './inputs-browser';
import { runStepsBench } from './steps-browser';
import { runScreensBusyBench } from './screens-busy';
import { runCsvBench } from './csv';
import { runMergeFieldBench } from './mergefield';
import { runPicturesBench } from './pictures';
import { runPicturesBrowserBench } from './pictures-browser';
import { runEfakturBench } from './efaktur';
import { runEfakturBrowserBench } from './efaktur-browser';
import { runSanitiseBench } from './sanitise';
import { runBigDataBench } from './bigData';
import { runDeliveryBench } from './delivery';
import { runCorpusBench } from './corpus';

const only = new Set(
  (
    process.env.BENCH_ONLY ??
    'size,transfer,startup,merge,steps,screens,inputs,grouped,csv,bigdata,mergefield,pictures,corpus,api,pdf,sanitise,pdfwarm,efaktur,delivery'
  )
    .split(',')
    .map((s) => s.trim()),
);

function section(title: string, lines: string[]): void {
  console.log(`\n== ${title}`);
  for (const line of lines) console.log(line);
}

if (only.has('size')) section('Initial JavaScript (gzip)', bundleSizeReport(readBuildStats()));
if (only.has('transfer'))
  section('Bytes on the wire in headless Chromium (br/gzip as served)', await runTransferBench());
if (only.has('startup'))
  section(
    'Server start: npm start to the first 200 of /healthz, idle memory',
    await runStartupBench(),
  );
if (only.has('merge')) section('Mail merge in headless Chromium', await runMergeBench());
if (only.has('merge'))
  section('Preview Row, one file per row (.zip), row filter', await runGeneratorExtrasBench());
if (only.has('steps'))
  section(
    'The generator screen step by step: the main thread at 10,000 and 50,000 rows',
    await runStepsBench(),
  );
if (only.has('screens'))
  section(
    'The generator screen on a busy machine: loading 30,000 × 20, merging 1,000 and 10,000 letterhead',
    await runScreensBusyBench(),
  );
if (only.has('inputs'))
  section(
    'Word templates, CSV and grouping in headless Chromium: the main thread at 10,000 rows',
    await runInputsBrowserBench(),
  );
if (only.has('grouped'))
  section(
    'Group rows by: call lines into one invoice per customer (Node)',
    await runGroupedBench(),
  );
if (only.has('csv'))
  section('CSV 50k × 20 read: a `;` export with Indonesian numbers (Node)', await runCsvBench());
if (only.has('bigdata'))
  section(
    'A month of call lines: 100,000 × 15 as .xlsx and as CSV, read as the sheet shows them',
    await runBigDataBench(),
  );
if (only.has('mergefield'))
  section(
    'MERGEFIELD template 10k rows: Word mail-merge fields with switches (Node)',
    await runMergeFieldBench(),
  );
if (only.has('pictures'))
  section(
    'Pictures per row: a QRIS on every invoice, merged and one file per row (Node)',
    await runPicturesBench(),
  );
if (only.has('pictures'))
  section(
    'Pictures per row in headless Chromium: the main thread while the screen makes 10,000 QRIS invoices',
    await runPicturesBrowserBench(),
  );
if (only.has('corpus'))
  section(
    'Templates we did not design: one file per row and letterhead vs plain, 10,000 rows, per template (Node)',
    await runCorpusBench(),
  );
if (only.has('efaktur'))
  section('e-Faktur XML: 10,000 rows → 10 files in the worker (Node)', await runEfakturBench());
if (only.has('efaktur'))
  section(
    'e-Faktur XML in headless Chromium: 10,000 rows → 10 files, the main thread while it is built',
    await runEfakturBrowserBench(),
  );
if (only.has('pdf'))
  section('PDF of merged one-page invoices (LibreOffice, real server)', await runPdfBench());
if (only.has('pdfwarm'))
  section(
    'PDF of a one-page invoice: process per document vs warm converter (real server, walls)',
    await runPdfWarmBench(),
  );
if (only.has('sanitise'))
  section(
    '/healthz while the sanitiser refuses hostile uploads (real server, 100 ms polls)',
    await runSanitiseBench(),
  );
if (only.has('delivery'))
  section(
    'E-mail delivery: one-page invoices to a local SMTP server, unthrottled (real server)',
    await runDeliveryBench(),
  );
if (only.has('api')) {
  const seconds = Number(process.env.BENCH_SECONDS) || 30;
  console.log(`\n== API under load (${seconds} s per endpoint)`);
  await runApiBench(seconds); // prints its own table
}
