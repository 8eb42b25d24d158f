// How the usage chart writes its category labels so they never print over each other (issue 26):
// flat when the widest fits its slot, else the short forms flat, else slanted, else upright,
// else none (the legend names the bars). Pure: the caller passes a text measurer.

export type LabelMode = 'flat' | 'short' | 'slanted' | 'upright' | 'legend';

export interface LabelLayout {
  mode: LabelMode;
  /** The text under each slot ('' when the legend names the bars). */
  texts: string[];
  /** uPlot's rotation, degrees off horizontal: positive ends each label at its tick, rising to it. */
  rotate: 0 | 45 | 90;
  /** Height of the x axis in CSS pixels: values, gap and ticks. */
  size: number;
}

export interface LabelInput {
  labels: readonly string[];
  /** Shorter forms of the same labels, tried before slanting (e.g. 'Okt 26' for 'Oktober 2026'). */
  short?: readonly string[];
  /** Width of one category's slot on the x axis, CSS pixels. */
  slotWidth: number;
  /** Width of a text in the axis font, CSS pixels. */
  measure: (text: string) => number;
  /** Height of a line of the axis font, CSS pixels. */
  lineHeight: number;
  /** The legend tells the categories apart (one colour per slot), so labels may go. */
  legendNames: boolean;
}

/** Space kept between two neighbouring labels, CSS pixels. */
export const LABEL_GAP = 6;
/** Axis gap and ticks under the labels, as uPlot draws them. */
const AXIS_EXTRA = 14;
/** Tallest x axis: beyond it the plot would be squeezed, so shorter forms or the legend take over. */
const MAX_AXIS = 110;
const SIN45 = Math.SQRT1_2;

const widest = (texts: readonly string[], measure: (t: string) => number) =>
  texts.reduce((max, t) => Math.max(max, measure(t)), 0);

export function layoutLabels(input: LabelInput): LabelLayout {
  const { labels, slotWidth, measure, lineHeight } = input;
  const short = input.short ?? labels;
  const flatSize = Math.ceil(lineHeight) + AXIS_EXTRA + 8;
  const full = widest(labels, measure);
  if (full + LABEL_GAP <= slotWidth)
    return { mode: 'flat', texts: [...labels], rotate: 0, size: flatSize };
  const brief = widest(short, measure);
  if (brief + LABEL_GAP <= slotWidth)
    return { mode: 'short', texts: [...short], rotate: 0, size: flatSize };

  // Slanted, neighbours are slotWidth·sin45 apart across the text: room for one line plus the gap.
  const [texts, width] =
    full * SIN45 + lineHeight + AXIS_EXTRA <= MAX_AXIS ? [labels, full] : [short, brief];
  if (slotWidth * SIN45 >= lineHeight + LABEL_GAP / 2) {
    const size = Math.ceil((width + lineHeight) * SIN45) + AXIS_EXTRA;
    if (size <= MAX_AXIS) return { mode: 'slanted', texts: [...texts], rotate: 45, size };
  }
  // Upright, neighbours are a whole slot apart across the text.
  if (slotWidth >= lineHeight + LABEL_GAP / 2 && brief + AXIS_EXTRA <= MAX_AXIS)
    return { mode: 'upright', texts: [...short], rotate: 90, size: Math.ceil(brief) + AXIS_EXTRA };
  if (input.legendNames)
    return { mode: 'legend', texts: labels.map(() => ''), rotate: 0, size: AXIS_EXTRA };
  // Nothing fits and nothing else names the slots: upright short forms, the least overlap there is.
  return {
    mode: 'upright',
    texts: [...short],
    rotate: 90,
    size: Math.min(Math.ceil(brief) + AXIS_EXTRA, MAX_AXIS),
  };
}

/** 'Oktober 2026' → 'Okt 26': the short form of a period label. */
export function shortPeriodLabel(display: string): string {
  const match = /^(\S+) (\d{4})$/.exec(display);
  return match ? `${match[1].slice(0, 3)} ${match[2].slice(2)}` : display;
}
