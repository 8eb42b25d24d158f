import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  LABEL_GAP,
  layoutLabels,
  shortPeriodLabel,
  type LabelLayout,
} from '../../src/ui/components/billing/chartLabels';

// The usage chart's x labels (issue 26): whatever the labels and the width, the labels drawn never
// print over each other. A monospace measure (7 px a character) stands in for the canvas.
const measure = (text: string) => text.length * 7;
const LINE = 15.6;

/** Whether neighbouring labels of this layout keep clear of each other in slots of `slot` px. */
function clear(layout: LabelLayout, slot: number): boolean {
  const widest = Math.max(0, ...layout.texts.map(measure));
  if (layout.mode === 'legend') return layout.texts.every((t) => t === '');
  if (layout.rotate === 0) return widest + LABEL_GAP <= slot;
  if (layout.rotate === 45) return slot * Math.SQRT1_2 >= LINE + LABEL_GAP / 2;
  return slot >= LINE + LABEL_GAP / 2;
}

const labelArb = fc.stringMatching(/^[A-Za-z][A-Za-z &]{0,15}$/);

describe('usage chart labels', () => {
  test('the ten call types on a laptop are written flat, in full', () => {
    const labels = ['Lokal', 'HP Lokal', 'SLJJ', 'HP SLJJ', 'SLI', 'Aktivasi', 'Abodemen'];
    const layout = layoutLabels({
      labels,
      slotWidth: 92,
      measure,
      lineHeight: LINE,
      legendNames: true,
    });
    expect(layout).toMatchObject({ mode: 'flat', rotate: 0, texts: labels });
  });

  test('on a phone (22 px slots) the call types stand upright; the overview periods slant', () => {
    const types = ['Lokal', 'HP Lokal', 'SLJJ', 'HP SLJJ', 'SLI', 'Aktivasi', 'Abodemen', 'Mincom'];
    expect(
      layoutLabels({ labels: types, slotWidth: 22, measure, lineHeight: LINE, legendNames: true }),
    ).toMatchObject({ mode: 'upright', rotate: 90 });
    const periods = ['Mei 2026', 'Juni 2026', 'September 2026', 'Oktober 2026'];
    expect(
      layoutLabels({
        labels: periods,
        short: periods.map(shortPeriodLabel),
        slotWidth: 37,
        measure,
        lineHeight: LINE,
        legendNames: false,
      }),
    ).toMatchObject({ mode: 'slanted', rotate: 45, texts: periods });
  });

  test('short forms are used flat when they fit and the full ones do not', () => {
    const periods = ['Mei 2026', 'Oktober 2026'];
    const layout = layoutLabels({
      labels: periods,
      short: periods.map(shortPeriodLabel),
      slotWidth: 60,
      measure,
      lineHeight: LINE,
      legendNames: false,
    });
    expect(layout).toMatchObject({ mode: 'short', rotate: 0, texts: ['Mei 26', 'Okt 26'] });
  });

  test('slots too narrow for any text leave the naming to the legend when it can', () => {
    const layout = layoutLabels({
      labels: ['Lokal', 'SLI'],
      slotWidth: 8,
      measure,
      lineHeight: LINE,
      legendNames: true,
    });
    expect(layout).toMatchObject({ mode: 'legend', texts: ['', ''] });
  });

  test('any labels, any slot wide enough for a line of text: labels keep clear of each other', () => {
    fc.assert(
      fc.property(
        fc.array(labelArb, { minLength: 1, maxLength: 12 }),
        fc.double({ min: LINE + LABEL_GAP, max: 400, noNaN: true }),
        fc.boolean(),
        (labels, slotWidth, legendNames) => {
          const layout = layoutLabels({
            labels,
            slotWidth,
            measure,
            lineHeight: LINE,
            legendNames,
          });
          expect(layout.texts).toHaveLength(labels.length);
          expect(clear(layout, slotWidth)).toBe(true);
          expect(layout.size).toBeLessThanOrEqual(110);
        },
      ),
    );
  });

  test('narrower slots never make the labels more upright than wider ones would', () => {
    const order = { flat: 0, short: 1, slanted: 2, upright: 3, legend: 4 } as const;
    fc.assert(
      fc.property(
        fc.array(labelArb, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 4, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (labels, narrow, extra) => {
          const at = (slotWidth: number) =>
            order[
              layoutLabels({ labels, slotWidth, measure, lineHeight: LINE, legendNames: true }).mode
            ];
          expect(at(narrow + extra)).toBeLessThanOrEqual(at(narrow));
        },
      ),
    );
  });

  test('shortPeriodLabel: Indonesian month, two-digit year; other text unchanged', () => {
    expect(shortPeriodLabel('Oktober 2026')).toBe('Okt 26');
    expect(shortPeriodLabel('Mei 2026')).toBe('Mei 26');
    expect(shortPeriodLabel('2026')).toBe('2026');
  });
});
