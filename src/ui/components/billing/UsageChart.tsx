// 'Transaksi Pemakaian': a uPlot bar chart of the amounts by call type (docs/product.md#screens, #limits). One period
// shows all ten series, one bar each; the overview shows the five voice series grouped per period
// for the most recent periods. A visually hidden table carries the same figures for screen readers.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import { chartSeries, type InvoiceSummary } from '../../../domain/billing/invoiceSummary';
import { formatRupiah, formatRupiahShort } from '../../../domain/values/rupiah';
import { layoutLabels, shortPeriodLabel, type LabelLayout } from './chartLabels';

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
  /** Shorter labels tried on narrow screens before slanting them. */
  short: string[];
  /** One colour per slot, so the legend names the bars and the labels may give way to it. */
  legendNames: boolean;
  series: { label: string; colour: string; values: (number | null)[] }[];
  /** Bars side by side within one x slot. */
  slots: number;
}

function periodModel(summary: InvoiceSummary): ChartModel {
  const all = chartSeries(true);
  return {
    labels: all.map((s) => s.label),
    short: all.map((s) => s.label),
    legendNames: true,
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
    short: overview.map((s) => shortPeriodLabel(s.periodDisplay)),
    legendNames: false,
    series: chartSeries(false).map((s, k) => ({
      label: s.label,
      colour: COLOURS[k],
      values: overview.map((o) => o[s.key]),
    })),
    slots: chartSeries(false).length,
  };
}

const GROUP_WIDTH = 0.8;
const AXIS_FONT_PX = 13;
const AXIS_FONT = `${AXIS_FONT_PX}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
const HEIGHT = 320;
/** Narrowest chart drawn; below it the card scrolls rather than squeezing the bars to nothing. */
const MIN_WIDTH = 240;

let measureContext: CanvasRenderingContext2D | null = null;
/** Width of a text in the axis font, CSS pixels. */
function measureAxisText(text: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * AXIS_FONT_PX * 0.6;
  measureContext.font = AXIS_FONT;
  return measureContext.measureText(text).width;
}

/**
 * The x labels for the chart's current plot width, worked out again only when the width changes.
 * `shown` hears the layout in force, so the page can say which one it is.
 */
function labelLayoutFor(model: ChartModel, shown: (layout: LabelLayout) => void) {
  let slotWidth = -1;
  let layout: LabelLayout | null = null;
  return (u: uPlot): LabelLayout => {
    // bbox is the plot area of the last layout pass (device pixels); unset before the first one.
    const measured = (u.bbox?.width ?? 0) / uPlot.pxRatio;
    const plot = measured > 0 ? measured : (u.width || MIN_WIDTH) - 80;
    const slot = plot / Math.max(model.labels.length, 1);
    if (!layout || Math.abs(slot - slotWidth) > 0.5) {
      slotWidth = slot;
      layout = layoutLabels({
        labels: model.labels,
        short: model.short,
        slotWidth: slot,
        measure: measureAxisText,
        lineHeight: AXIS_FONT_PX * 1.2,
        legendNames: model.legendNames,
      });
      shown(layout);
    }
    return layout;
  };
}

function buildOptions(
  model: ChartModel,
  width: number,
  shown: (layout: LabelLayout) => void,
): uPlot.Options {
  const labelsFor = labelLayoutFor(model, shown);
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
    height: HEIGHT,
    legend: { show: true, live: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, Math.max(model.labels.length, 1) - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        splits: () => model.labels.map((_, i) => i),
        values: (u, splits) => splits.map((i) => labelsFor(u).texts[i] ?? ''),
        rotate: (u) => labelsFor(u).rotate,
        size: (u) => labelsFor(u).size,
        grid: { show: false },
        font: AXIS_FONT,
      },
      {
        // As wide as the widest amount, so a phone keeps its width for the bars.
        size: (_u, values) =>
          Math.ceil(Math.max(40, ...(values ?? []).map((v) => measureAxisText(v)))) + 18,
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
    const shown = (layout: LabelLayout) => {
      el.dataset.xLabels = layout.mode;
    };
    const width = () => Math.max(el.clientWidth, MIN_WIDTH);
    const plot = new uPlot(buildOptions(model, width(), shown), data, el);
    const observer = new ResizeObserver(() => {
      if (plot.width !== width()) plot.setSize({ width: width(), height: HEIGHT });
    });
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
