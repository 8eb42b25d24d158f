// Bench: the generator in headless Chromium, against the production worker bundle of build.mjs
// (served with the harness page by a tiny static server). Figures, not pass/fail:
//   - the merge matrix: template shapes (harness/shapes.ts: plain body; letterhead with logo and
//     header/footer tags; different first page; own section breaks; saved by LibreOffice; main part
//     document2.xml) × 1,000, 10,000 and 50,000 rows (BENCH_ROWS=1000,10000 shrinks it), each through
//     the real bridge (as the screen does it: the worker has read the workbook, the page sends the
//     selected row indexes), next to the floor measured in the same run and browser: one
//     docxtemplater render of the plain body's rows in a single {#rows} loop, in a second worker;
//     with the longest main-thread task during each merge and the linearity of each shape;
//   - the longest main-thread task while the screen merges the letterhead (PerformanceObserver 'longtask');
//   - a LibreOffice rendering check of merged one-page templates (merge-render.ts; needs soffice);
//   - reading a 50,000 × 20 workbook through the bridge, next to SheetJS's own read in a worker;
//   - letterhead against plain at each size (goal ≤ 1.5× at 10,000 rows);
//   - the worker's peak memory (JS heap + ArrayBuffer backing stores, CDP Runtime.getHeapUsage
//     sampled on the worker target every 50 ms) for plain and letterhead at 10,000 rows and more,
//     with its growth against the rows'.
//
//   node --import tsx tests/bench/merge-browser.ts
import { chromium, type Page } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  BENCH_FIELDS,
  benchLoopTemplate,
  benchRow,
  benchWorkbook,
  wideWorkbook,
} from './harness/documents';
import { benchContext } from './harness/context';
import { WorkerHeapSampler } from './harness/workerHeap';
import { generateThroughScreen } from './harness/generateScreen';
import { startHarness } from './harness/serve';
import { formatTable } from './harness/table';
import { benchShapes, type BenchShape } from './harness/shapes';
import { runRenderCheck } from './merge-render';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';

declare global {
  interface Window {
    /** The bench workbook the worker holds, and its sheet. */
    __benchData?: { file: Blob; sheet: string };
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface MergeFigures {
  rows: number;
  mergeMs: number;
  floorMs: number;
  sections: number;
  outputBytes: number;
  floorBytes: number;
  longestTaskMs: number;
}

/** One merge through the bridge and one floor render of the same rows, both timed from the page. */
async function mergeOnce(
  page: Page,
  rows: number,
  order: 'merge-first' | 'floor-first' | 'merge-only' | 'floor-only',
  shape = 'plain',
  workbookRows = 10_000,
): Promise<MergeFigures> {
  return page.evaluate(
    async ({ rows, fields, order, shape, workbookRows }) => {
      const fetchBytes = async (url: string) => (await fetch(url)).arrayBuffer();
      const [template, loop, all] = await Promise.all([
        fetchBytes(`/files/shape_${shape}.docx`),
        fetchBytes('/files/bench_loop.docx'),
        fetch('/files/bench_rows.json').then((r) => r.json() as Promise<Record<string, string>[]>),
      ]);
      const selected = all.slice(0, rows);
      const mapping = Object.fromEntries(fields.map((f) => [f, f]));
      const { bridge, floor, transfer } = window.__bench;
      // The worker holds the same rows, read from the bench workbook (once per page).
      if (!window.__benchData) {
        const file = await (await fetch(`/files/bench_${workbookRows}.xlsx`)).blob();
        window.__benchData = { file, sheet: (await bridge.readWorkbook(file)).sheet };
      }
      const rowIndexes = Uint32Array.from({ length: rows }, (_, i) => i);
      const out = {
        rows,
        mergeMs: 0,
        floorMs: 0,
        sections: 0,
        outputBytes: 0,
        floorBytes: 0,
        longestTaskMs: 0,
      };
      const runMerge = async () => {
        const t0 = performance.now();
        const result = await bridge.generate({
          template,
          data: window.__benchData!,
          rows: rowIndexes,
          mapping,
          formats: {},
          output: { kind: 'merged' },
        });
        out.mergeMs = performance.now() - t0;
        out.sections = result.count;
        out.outputBytes = result.file.size;
        out.longestTaskMs = Math.max(
          0,
          ...window.__longtasks
            .filter((t) => t.start >= t0 && t.start <= t0 + out.mergeMs)
            .map((t) => t.duration),
        );
      };
      const runFloor = async () => {
        const copy = loop.slice(0);
        const t0 = performance.now();
        out.floorBytes = await floor.renderLoop(transfer(copy, [copy]), selected);
        out.floorMs = performance.now() - t0;
      };
      if (order === 'merge-first' || order === 'merge-only') await runMerge();
      if (order !== 'merge-only') await runFloor();
      if (order === 'floor-first') await runMerge();
      return out;
    },
    { rows, fields: [...BENCH_FIELDS], order, shape, workbookRows },
  );
}

interface ReadFigures {
  appMs: number;
  sheetjsMs: number;
  sheetjsParseMs: number;
  rows: number;
  sheetjsRows: number;
}

async function readOnce(page: Page): Promise<ReadFigures> {
  return page.evaluate(async () => {
    const blob = await (await fetch('/files/wide_50000.xlsx')).blob();
    const { bridge, floor, transfer } = window.__bench;
    const t0 = performance.now();
    const workbook = await bridge.readWorkbook(blob);
    const appMs = performance.now() - t0;
    const t1 = performance.now();
    const buffer = await blob.arrayBuffer();
    const own = await floor.readRows(transfer(buffer, [buffer]));
    const sheetjsMs = performance.now() - t1;
    return {
      appMs,
      sheetjsMs,
      sheetjsParseMs: own.parseMs,
      rows: workbook.table.rowCount,
      sheetjsRows: own.rows.length,
    };
  });
}

/** The screen loading the 50,000-row workbook, then its preview scrolled frame by frame. */
async function scrollThroughScreen(page: Page, workbookPath: string) {
  const start = await page.evaluate(() => performance.now());
  await page.getByLabel('Excel Data').setInputFiles(workbookPath);
  await page.getByText('Selected: 50000 / 50000 rows').waitFor({ timeout: 120_000 });
  return page.evaluate(async (start) => {
    const loaded = performance.now();
    const loadTasks = window.__longtasks.filter((t) => t.start >= start && t.start <= loaded);
    const scroller = document.querySelector<HTMLElement>('.gen-preview-scroll')!;
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const rowsInDom = () => scroller.querySelectorAll('[role=row]').length;
    await frame();
    const scrollStart = performance.now();
    let last = await frame();
    let worstFrame = 0;
    let maxRows = rowsInDom();
    // 120 px a frame is a fast fling (7,200 px/s at 60 Hz): three new rows a frame.
    for (let i = 0; i < 200; i++) {
      scroller.scrollTop += 120;
      const now = await frame();
      worstFrame = Math.max(worstFrame, now - last);
      last = now;
      maxRows = Math.max(maxRows, rowsInDom());
    }
    // Then jumps (dragging the scrollbar): a whole new window of rows each time.
    let worstJump = 0;
    for (let i = 1; i <= 10; i++) {
      const before = performance.now();
      scroller.scrollTop = (scroller.scrollHeight * i) / 10;
      await frame();
      worstJump = Math.max(worstJump, (await frame()) - before);
      maxRows = Math.max(maxRows, rowsInDom());
    }
    maxRows = Math.max(maxRows, rowsInDom());
    const lastVisible = !!scroller.querySelector('input[aria-label="Select row 50000"]');
    const scrollTasks = window.__longtasks.filter((t) => t.start >= scrollStart);
    return {
      loadMs: loaded - start,
      loadLongest: Math.max(0, ...loadTasks.map((t) => t.duration)),
      worstFrame,
      worstJump,
      scrollLongest: Math.max(0, ...scrollTasks.map((t) => t.duration)),
      maxRows,
      lastVisible,
    };
  }, start);
}

/** Sizes of the merge matrix: BENCH_ROWS=1000,10000 shrinks it (the default is the issue's 1,000 / 10,000 / 50,000). */
export function matrixSizes(): number[] {
  return (process.env.BENCH_ROWS ?? '1000,10000,50000')
    .split(',')
    .map((n) => Number(n.trim()))
    .filter((n) => n > 0);
}

interface ShapeFigures {
  shape: BenchShape;
  rows: number;
  mergeMs: number;
  floorMs: number;
  sections: number;
  outputBytes: number;
  longestTaskMs: number;
}

export async function runMergeBench(): Promise<string[]> {
  const sizes = matrixSizes();
  const maxRows = Math.max(...sizes);
  const workbookRows = Math.max(maxRows, 1_000);
  const shapes = benchShapes();
  const onlyShapes = process.env.BENCH_SHAPES?.split(',');
  const harness = await startHarness();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    const shapePaths = new Map(
      shapes.map((shape) => [
        shape.key,
        harness.addFile(`shape_${shape.key}.docx`, shape.template),
      ]),
    );
    harness.addFile('bench_loop.docx', benchLoopTemplate());
    harness.addFile(
      'bench_rows.json',
      Buffer.from(JSON.stringify(Array.from({ length: workbookRows }, (_, i) => benchRow(i)))),
    );
    const workbookPath = harness.addFile(`bench_${workbookRows}.xlsx`, benchWorkbook(workbookRows));
    const wide = wideWorkbook(50_000);
    const widePath = harness.addFile('wide_50000.xlsx', wide);

    const context = await benchContext(browser);

    // ---- the matrix: every shape × size through the bridge, the floor measured in the same run ----
    const page = await context.newPage();
    await page.goto(`${harness.baseUrl}/harness/`);
    const heap = await WorkerHeapSampler.attach(page);
    await mergeOnce(page, 200, 'merge-first', 'plain', workbookRows); // warm-up: worker start, JIT
    const matrix: ShapeFigures[] = [];
    /** Peak worker memory per shape and size (plain and letterhead, from 10,000 rows). */
    const memory = new Map<string, { peak: number; samples: number }>();
    const heapShapes = ['plain', 'letterhead'];
    for (const rows of sizes) {
      // The floor before and after the shapes of this size; the best of them (the machine is shared).
      // The same estimator at every size (best of 3 to 10,000 rows, of 2 at 50,000: each takes seconds),
      // so the ratios between sizes measure the merge, not the machine.
      const runs = rows <= 10_000 ? 3 : 2;
      let floorMs = Number.POSITIVE_INFINITY;
      for (let i = 0; i < runs; i++)
        floorMs = Math.min(
          floorMs,
          (await mergeOnce(page, rows, 'floor-only', 'plain', workbookRows)).floorMs,
        );
      const ofSize: ShapeFigures[] = [];
      for (const shape of shapes.filter((s) => !onlyShapes || onlyShapes.includes(s.key))) {
        const sampleHeap = rows >= 10_000 && heapShapes.includes(shape.key);
        if (sampleHeap) {
          await heap.baseline();
          heap.start();
        }
        const figures: MergeFigures[] = [];
        for (let i = 0; i < runs; i++)
          figures.push(await mergeOnce(page, rows, 'merge-only', shape.key, workbookRows));
        if (sampleHeap) {
          heap.stop();
          memory.set(`${shape.key}@${rows}`, { peak: heap.peakMemory, samples: heap.samples });
        }
        ofSize.push({
          shape,
          rows,
          mergeMs: Math.min(...figures.map((f) => f.mergeMs)),
          floorMs: 0,
          sections: figures[0].sections,
          outputBytes: figures[0].outputBytes,
          longestTaskMs: Math.max(...figures.map((f) => f.longestTaskMs)),
        });
      }
      for (let i = 0; i < runs; i++)
        floorMs = Math.min(
          floorMs,
          (await mergeOnce(page, rows, 'floor-only', 'plain', workbookRows)).floorMs,
        );
      matrix.push(...ofSize.map((f) => ({ ...f, floorMs })));
    }

    // ---- reading 50,000 × 20 ----
    const reads: ReadFigures[] = [];
    for (let i = 0; i < 2; i++) reads.push(await readOnce(page));
    const read = {
      ...reads[0],
      appMs: Math.min(...reads.map((r) => r.appMs)),
      sheetjsMs: Math.min(...reads.map((r) => r.sheetjsMs)),
      sheetjsParseMs: Math.min(...reads.map((r) => r.sheetjsParseMs)),
    };
    await page.close();

    // ---- the screen merging the letterhead: long tasks on the main thread ----
    const screenRows = Math.min(workbookRows, 10_000);
    const screenWorkbook =
      screenRows === workbookRows
        ? workbookPath
        : harness.addFile(`bench_${screenRows}.xlsx`, benchWorkbook(screenRows));
    const screen = await context.newPage();
    await screen.goto(`${harness.baseUrl}/harness/`);
    const ui = await generateThroughScreen(
      screen,
      shapePaths.get('letterhead')!,
      screenWorkbook,
      screenRows,
    );
    await screen.close();

    // ---- the screen with 50,000 rows: loading them, then scrolling the virtualised preview ----
    const preview = await context.newPage();
    await preview.goto(`${harness.baseUrl}/harness/`);
    const scroll = await scrollThroughScreen(preview, widePath);
    await preview.close();

    const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
    const matrixRows = matrix.map((m) => {
      const ratio = m.mergeMs / m.floorMs;
      return [
        `${m.shape.label}, ${m.rows.toLocaleString('en-US')} rows (${m.sections} sections, ${mb(m.outputBytes)})`,
        seconds(m.mergeMs),
        seconds(m.floorMs),
        `${ratio.toFixed(2)}×`,
        m.rows === 10_000 ? '≤ 1.5× floor' : '',
        `${m.rows === 10_000 ? `${verdict(ratio <= 1.5)}; ` : ''}longest task ${m.longestTaskMs.toFixed(0)} ms`,
      ];
    });
    const linearity: string[][] = [];
    for (const shape of shapes) {
      const ofShape = matrix.filter((m) => m.shape.key === shape.key);
      for (let i = 1; i < ofShape.length; i++) {
        const [a, b] = [ofShape[i - 1], ofShape[i]];
        const growth = b.mergeMs / a.mergeMs;
        const rowsGrowth = b.rows / a.rows;
        linearity.push([
          `  ${shape.label}: ${b.rows.toLocaleString('en-US')} rows vs ${a.rows.toLocaleString('en-US')}`,
          `${growth.toFixed(1)}×`,
          `${rowsGrowth.toFixed(0)}× rows`,
          '',
          `≤ ${Number((rowsGrowth * 1.1).toFixed(1))}×`,
          verdict(growth <= rowsGrowth * 1.1),
        ]);
      }
    }
    const letterheadRows: string[][] = [];
    for (const rows of sizes) {
      const plain = matrix.find((m) => m.rows === rows && m.shape.key === 'plain');
      const letterhead = matrix.find((m) => m.rows === rows && m.shape.key === 'letterhead');
      if (!plain || !letterhead) continue;
      const ratio = letterhead.mergeMs / plain.mergeMs;
      letterheadRows.push([
        `letterhead vs plain body, ${rows.toLocaleString('en-US')} rows (same run)`,
        seconds(letterhead.mergeMs),
        seconds(plain.mergeMs),
        `${ratio.toFixed(2)}×`,
        rows === 10_000 ? '≤ 1.5×' : '',
        rows === 10_000 ? verdict(ratio <= 1.5) : '',
      ]);
    }
    const memoryRows: string[][] = [];
    for (const key of heapShapes) {
      const sampled = sizes.filter((rows) => memory.has(`${key}@${rows}`));
      sampled.forEach((rows, i) => {
        const { peak, samples } = memory.get(`${key}@${rows}`)!;
        const previous = i > 0 ? memory.get(`${key}@${sampled[i - 1]}`)! : null;
        const growth = previous && previous.peak > 0 ? peak / previous.peak : 0;
        const rowsGrowth = i > 0 ? rows / sampled[i - 1] : 0;
        memoryRows.push([
          `worker memory peak (JS heap + ArrayBuffers), ${key}, ${rows.toLocaleString('en-US')} rows (${samples} samples)`,
          samples > 0 ? mb(peak) : 'n/a',
          '-',
          growth > 0 ? `${growth.toFixed(1)}×` : '-',
          growth > 0 ? `≤ ${rowsGrowth}× (rows)` : 'printed',
          growth > 0 ? verdict(growth <= rowsGrowth) : '',
        ]);
      });
    }
    const longest = Math.max(0, ...matrix.map((m) => m.longestTaskMs));
    const lines = [
      `generator in headless Chromium (${new Date().toISOString()}; production worker bundle; best of 3 runs at ≤ 10,000 rows, of 2 above;` +
        ` load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs: long tasks and frames stretch on a busy machine)`,
      ...formatTable([
        ['merge matrix (through the bridge)', 'app', 'floor', 'ratio', 'goal', ''],
        ...matrixRows,
        ...letterheadRows,
        ...linearity,
        [
          'longest main-thread task during any merge above',
          `${longest.toFixed(0)} ms`,
          '-',
          '-',
          '≤ 50 ms',
          verdict(longest <= 50),
        ],
        [
          `longest main-thread task, screen merging the letterhead, ${screenRows.toLocaleString('en-US')} rows (${ui.count} long tasks in ${seconds(ui.totalMs)})`,
          `${ui.longest.toFixed(0)} ms`,
          '-',
          '-',
          '≤ 50 ms',
          verdict(ui.longest <= 50),
        ],
        [
          `preview of 50,000 rows: worst frame, 200 frames at 120 px (max ${scroll.maxRows} rows in the DOM${scroll.lastVisible ? ', row 50000 reached' : ''})`,
          `${scroll.worstFrame.toFixed(0)} ms`,
          '-',
          '-',
          'smooth',
          `longest task ${scroll.scrollLongest.toFixed(0)} ms`,
        ],
        [
          'preview of 50,000 rows: worst of 10 scrollbar jumps (2 frames each)',
          `${scroll.worstJump.toFixed(0)} ms`,
          '-',
          '-',
          '',
          '',
        ],
        [
          `longest main-thread task while the screen loads 50,000 × 20 rows (${seconds(scroll.loadMs)})`,
          `${scroll.loadLongest.toFixed(0)} ms`,
          '-',
          '-',
          '≤ 50 ms',
          verdict(scroll.loadLongest <= 50),
        ],
        [
          `read 50,000 × 20 workbook (${mb(wide.byteLength)}, ${read.rows} rows) vs SheetJS read + sheet_to_json`,
          seconds(read.appMs),
          seconds(read.sheetjsMs),
          `${(read.appMs / read.sheetjsMs).toFixed(2)}×`,
          '≤ 1.2×',
          verdict(read.appMs / read.sheetjsMs <= 1.2),
        ],
        [
          '  (SheetJS XLSX.read alone, inside its worker)',
          '-',
          seconds(read.sheetjsParseMs),
          `${(read.appMs / read.sheetjsParseMs).toFixed(2)}×`,
          '',
          '',
        ],
        ...memoryRows,
      ]),
      "Notes: times are from the page (include transfers to and from the worker); the floor renders the plain body's rows",
      "with one docxtemplater {#rows} loop in a second worker; memory is the worker's JS heap and ArrayBuffer backing stores.",
      '',
      ...(await runRenderCheck()),
    ];
    return lines;
  } finally {
    await browser.close();
    await harness.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = await runMergeBench();
  console.log(lines.join('\n'));
}
