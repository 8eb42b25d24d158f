import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { poolStats } from '../db/connection';
import { PDF_SECONDS_BUCKETS, type PdfPoolStats } from '../pdf';
import type { AppEnv } from '../types';

/** Latency buckets in seconds (Prometheus' defaults, trimmed to what an API answers in). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: string;
  count: number;
}

interface Histogram {
  labels: string;
  buckets: number[];
  sum: number;
  count: number;
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Request counters and latency histograms of one app, by method and route pattern (never the raw
 * path, so the number of series stays bounded), rendered in the Prometheus text format.
 */
export class Metrics {
  private readonly requests = new Map<string, Series>();
  private readonly latency = new Map<string, Histogram>();
  /** The series of each method and route, found without building their label text again. */
  private readonly routes = new Map<
    string,
    { histogram: Histogram; byStatus: Map<number, Series> }
  >();

  observe(method: string, route: string, status: number, seconds: number): void {
    const routeKey = `${method} ${route}`;
    let known = this.routes.get(routeKey);
    if (!known) {
      const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
      const histogram = { labels, buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.latency.set(labels, histogram);
      known = { histogram, byStatus: new Map() };
      this.routes.set(routeKey, known);
    }
    let series = known.byStatus.get(status);
    if (!series) {
      series = { labels: `${known.histogram.labels},status="${status}"`, count: 0 };
      this.requests.set(series.labels, series);
      known.byStatus.set(status, series);
    }
    series.count += 1;

    const histogram = known.histogram;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++)
      if (seconds <= LATENCY_BUCKETS[i]) histogram.buckets[i] += 1;
    histogram.sum += seconds;
    histogram.count += 1;
  }

  render(pool: ReturnType<typeof poolStats>, pdf?: PdfPoolStats): string {
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    family(
      'http_requests_total',
      'counter',
      'HTTP requests answered, by method, route pattern and status.',
    );
    for (const series of this.requests.values())
      lines.push(`http_requests_total{${series.labels}} ${series.count}`);

    family(
      'http_request_duration_seconds',
      'histogram',
      'Time from receiving a request to its answer, by method and route pattern.',
    );
    for (const h of this.latency.values()) {
      LATENCY_BUCKETS.forEach((le, i) =>
        lines.push(`http_request_duration_seconds_bucket{${h.labels},le="${le}"} ${h.buckets[i]}`),
      );
      lines.push(`http_request_duration_seconds_bucket{${h.labels},le="+Inf"} ${h.count}`);
      lines.push(`http_request_duration_seconds_sum{${h.labels}} ${h.sum}`);
      lines.push(`http_request_duration_seconds_count{${h.labels}} ${h.count}`);
    }

    if (pool) {
      family('db_pool_connections_in_use', 'gauge', 'PostgreSQL pool connections running a query.');
      lines.push(`db_pool_connections_in_use ${pool.inUse}`);
      family('db_pool_connections_idle', 'gauge', 'PostgreSQL pool connections open and idle.');
      lines.push(`db_pool_connections_idle ${pool.idle}`);
      family(
        'db_pool_waiting_requests',
        'gauge',
        'Queries waiting for a free PostgreSQL pool connection.',
      );
      lines.push(`db_pool_waiting_requests ${pool.waiting}`);
      family('db_pool_connections_max', 'gauge', 'Size limit of the PostgreSQL pool.');
      lines.push(`db_pool_connections_max ${pool.max}`);
    }

    if (pdf) renderPdf(pdf, family, lines);

    const memory = process.memoryUsage();
    family('process_resident_memory_bytes', 'gauge', 'Resident set size of the server process.');
    lines.push(`process_resident_memory_bytes ${memory.rss}`);
    family('nodejs_heap_size_used_bytes', 'gauge', 'V8 heap in use.');
    lines.push(`nodejs_heap_size_used_bytes ${memory.heapUsed}`);
    family('nodejs_heap_size_total_bytes', 'gauge', 'V8 heap reserved.');
    lines.push(`nodejs_heap_size_total_bytes ${memory.heapTotal}`);
    family(
      'nodejs_external_memory_bytes',
      'gauge',
      'Memory of C++ objects bound to JavaScript (buffers included).',
    );
    lines.push(`nodejs_external_memory_bytes ${memory.external}`);
    family('process_uptime_seconds', 'gauge', 'Seconds since the process started.');
    lines.push(`process_uptime_seconds ${Math.round(process.uptime())}`);
    return lines.join('\n') + '\n';
  }
}

function renderPdf(
  pdf: PdfPoolStats,
  family: (name: string, type: string, help: string) => void,
  lines: string[],
): void {
  family('pdf_workers', 'gauge', 'LibreOffice slots of the PDF converter (PDF_WORKERS).');
  lines.push(`pdf_workers ${pdf.workers}`);
  family('pdf_conversions_busy', 'gauge', 'PDF conversions running now.');
  lines.push(`pdf_conversions_busy ${pdf.busy}`);
  family('pdf_conversions_queued', 'gauge', 'PDF conversions waiting for a free slot.');
  lines.push(`pdf_conversions_queued ${pdf.queued}`);
  family(
    'pdf_converter_restarts_total',
    'counter',
    'LibreOffice profiles made anew (crash, timeout, cancel, every N documents).',
  );
  lines.push(`pdf_converter_restarts_total ${pdf.restarts}`);
  family(
    'pdf_chunks_converted_total',
    'counter',
    "Chunks of long documents this node converted, its own and other nodes' (docs/pdf-chunks.md).",
  );
  lines.push(`pdf_chunks_converted_total{node="${pdf.node}"} ${pdf.chunks}`);
  family(
    'pdf_conversions_total',
    'counter',
    'PDF conversions by outcome (ok, failed, timeout, crashed, aborted).',
  );
  for (const [outcome, count] of Object.entries(pdf.conversions))
    lines.push(`pdf_conversions_total{outcome="${outcome}"} ${count}`);
  family(
    'pdf_conversion_duration_seconds',
    'histogram',
    'Time LibreOffice took for a successful conversion.',
  );
  PDF_SECONDS_BUCKETS.forEach((le, i) =>
    lines.push(`pdf_conversion_duration_seconds_bucket{le="${le}"} ${pdf.seconds.buckets[i]}`),
  );
  lines.push(`pdf_conversion_duration_seconds_bucket{le="+Inf"} ${pdf.seconds.count}`);
  lines.push(`pdf_conversion_duration_seconds_sum ${pdf.seconds.sum}`);
  lines.push(`pdf_conversion_duration_seconds_count ${pdf.seconds.count}`);
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics for Prometheus. It exists only when METRICS_TOKEN is set, and only for a request that
 * carries it as `Authorization: Bearer <token>`; anything else gets the same plain 404 as any
 * unknown path, so the endpoint does not reveal itself.
 */
export function metricsRoutes(metrics: Metrics): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/metrics', (c) => {
    const token = c.get('deps').config.metricsToken;
    const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!token || !given || !sameToken(given, token))
      return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    const pdf = c.get('deps').pdf;
    const pdfStats = pdf?.enabled ? pdf.snapshot() : undefined;
    return c.body(metrics.render(poolStats(c.get('deps').db), pdfStats), 200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });
  return routes;
}
