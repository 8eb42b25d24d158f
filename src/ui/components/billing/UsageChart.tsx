// 'Transaksi Pemakaian': a uPlot bar chart of the amounts by call type (spec §2, §9). One period
// shows all ten series, one bar each; the overview shows the five voice series grouped per period
// for the most recent periods. A visually hidden table carries the same figures for screen readers.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import { chartSeries, type InvoiceSummary } from '../../../domain/invoiceSummary';
import { formatRupiah, formatRupiahShort } from '../../../domain/rupiah';

type View = 'period' | 'overview';

const COLOURS = [
  '#1c7ed6',
  '#2f9e44',
  '#f08c00',
  '#ae3ec9',
  '#e8590c',
  '#0ca678',
  '#5c7cfa',
  '#d6336c',
  '#868e96',
  '#fab005',
];

interface ChartModel {
  labels: string[];
  series: { label: string; colour: string; values: (number | null)[] }[];
  /** Bars side by side within one x slot. */
  slots: number;
}

function periodModel(summary: InvoiceSummary): ChartModel {
  const all = chartSeries(true);
  return {
    labels: all.map((s) => s.label),
    series: all.map((s, k) => ({
      label: s.label,
      colour: COLOURS[k % COLOURS.length],
      values: all.map((_, i) => (i === k ? summary[s.key] : null)),
    })),
    slots: 1,
  };
}

function overviewModel(overview: InvoiceSummary[]): ChartModel {
  return {
    labels: overview.map((s) => s.periodDisplay),
    series: chartSeries(false).map((s, k) => ({
      label: s.label,
      colour: COLOURS[k],
      values: overview.map((o) => o[s.key]),
    })),
    slots: chartSeries(false).length,
  };
}

const GROUP_WIDTH = 0.8;
const AXIS_FONT = '13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

function buildOptions(model: ChartModel, width: number): uPlot.Options {
  const barWidth = (model.slots === 1 ? 0.7 : GROUP_WIDTH) / model.slots;
  const bars = (slot: number) =>
    uPlot.paths.bars!({
      disp: {
        x0: {
          unit: 1,
          values: (u) =>
            (u.data[0] as number[]).map((x) => x - (barWidth * model.slots) / 2 + slot * barWidth),
        },
        size: { unit: 1, values: () => [barWidth] },
      },
    });
  return {
    width,
    height: 320,
    legend: { show: true, live: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, Math.max(model.labels.length, 1) - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        splits: () => model.labels.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => model.labels[i] ?? ''),
        grid: { show: false },
        font: AXIS_FONT,
      },
      {
        size: 100,
        font: AXIS_FONT,
        values: (_u, splits) => splits.map((v) => formatRupiahShort(v)),
      },
    ],
    series: [
      {},
      ...model.series.map((s, k) => ({
        label: s.label,
        fill: s.colour,
        stroke: s.colour,
        width: 0,
        points: { show: false },
        paths: bars(model.slots === 1 ? 0 : k),
        value: (_u: uPlot, v: number | null) => (v === null ? '—' : formatRupiah(v)),
      })),
    ],
  };
}

function useUPlot(model: ChartModel, container: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      model.labels.map((_, i) => i),
      ...model.series.map((s) => s.values),
    ];
    const plot = new uPlot(buildOptions(model, Math.max(el.clientWidth, 320)), data, el);
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(el.clientWidth, 320), height: 320 }),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [model, container]);
}

export interface UsageChartProps {
  summary: InvoiceSummary;
  overview: InvoiceSummary[];
  periodDisplay: string;
}

export function UsageChart({ summary, overview, periodDisplay }: UsageChartProps) {
  const [view, setView] = useState<View>('period');
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  const model = useMemo(
    () => (view === 'period' ? periodModel(summary) : overviewModel(overview)),
    [view, summary, overview],
  );
  useUPlot(model, container);

  const description =
    view === 'period'
      ? `Nilai transaksi per jenis panggilan, ${periodDisplay}`
      : `Nilai transaksi voice ${overview.length} periode terakhir`;

  return (
    <article className="bill-card bill-chart" aria-labelledby={headingId}>
      <div className="bill-card-header">
        <h2 id={headingId}>Transaksi Pemakaian</h2>
        <div role="group" aria-label="Tampilan grafik" className="bill-toggle">
          <button
            type="button"
            className={view === 'period' ? '' : 'outline'}
            aria-pressed={view === 'period'}
            onClick={() => setView('period')}
          >
            Periode ini
          </button>
          <button
            type="button"
            className={view === 'overview' ? '' : 'outline'}
            aria-pressed={view === 'overview'}
            onClick={() => setView('overview')}
          >
            <bdi dir="ltr">{`${overview.length} periode terakhir`}</bdi>
          </button>
        </div>
      </div>
      <div
        className="bill-chart-canvas"
        role="img"
        aria-label={`Grafik batang Transaksi Pemakaian: ${description}`}
        ref={container}
      />
      <table
        className="app-visually-hidden"
        aria-label={`Data grafik Transaksi Pemakaian: ${description}`}
      >
        {view === 'period' ? (
          <>
            <thead>
              <tr>
                <th scope="col">Jenis</th>
                <th scope="col">Nilai</th>
              </tr>
            </thead>
            <tbody>
              {chartSeries(true).map((s) => (
                <tr key={s.key}>
                  <th scope="row">{s.label}</th>
                  <td>{formatRupiah(summary[s.key])}</td>
                </tr>
              ))}
            </tbody>
          </>
        ) : (
          <>
            <thead>
              <tr>
                <th scope="col">Periode</th>
                {chartSeries(false).map((s) => (
                  <th scope="col" key={s.key}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {overview.map((o) => (
                <tr key={o.period}>
                  <th scope="row">{o.periodDisplay}</th>
                  {chartSeries(false).map((s) => (
                    <td key={s.key}>{formatRupiah(o[s.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </>
        )}
      </table>
    </article>
  );
}
