import { useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { DataRow } from '../../../machines/generator.types';
import { previewCellText } from './cellText';
import type { StepProps } from './types';

// Hand-made virtualisation: every row is ROW_HEIGHT px tall, so the rows in view follow from the
// scroll position alone; only they (plus OVERSCAN on each side) are in the DOM, between two spacer
// rows that keep the scrollbar true to the full table.
export const ROW_HEIGHT = 40;
const OVERSCAN = 12;
const DEFAULT_VIEWPORT = 480;

interface RowProps {
  index: number;
  row: DataRow;
  headers: readonly string[];
  selected: boolean;
  onToggle: (index: number) => void;
}

const PreviewRow = memo(function PreviewRow({ index, row, headers, selected, onToggle }: RowProps) {
  return (
    <tr aria-rowindex={index + 2} aria-selected={selected} className={selected ? 'gen-row-selected' : undefined}>
      <td className="gen-col-check">
        <input type="checkbox" aria-label={`Select row ${index + 1}`} checked={selected} onChange={() => onToggle(index)} />
      </td>
      <td className="gen-col-number">{index + 1}</td>
      {headers.map((header) => {
        const value = row[header];
        const text = previewCellText(value);
        return (
          <td key={header} title={text !== value && value ? value : undefined}>
            {text}
          </td>
        );
      })}
    </tr>
  );
});

/** Step 2: the data rows with selection. */
export function PreviewStep({ actorRef }: StepProps) {
  const headers = useSelector(actorRef, (s) => s.context.headers);
  const rows = useSelector(actorRef, (s) => s.context.rows);
  const selection = useSelector(actorRef, (s) => s.context.selection);
  const selectedCount = useSelector(actorRef, (s) => s.context.selectedCount);
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerCheckRef = useRef<HTMLInputElement>(null);
  const [firstInView, setFirstInView] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(DEFAULT_VIEWPORT);

  const onToggle = useCallback((index: number) => actorRef.send({ type: 'generator.rowToggled', index }), [actorRef]);

  // A new sheet or workbook starts at the top.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setFirstInView(0);
  }, [rows]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    setViewportHeight(element.clientHeight || DEFAULT_VIEWPORT);
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight || DEFAULT_VIEWPORT));
    observer.observe(element);
    return () => observer.disconnect();
  }, [rows.length > 0]);

  const total = rows.length;
  const allSelected = total > 0 && selectedCount === total;
  useEffect(() => {
    if (headerCheckRef.current) headerCheckRef.current.indeterminate = selectedCount > 0 && !allSelected;
  }, [selectedCount, allSelected]);

  if (total === 0) return null;

  const inView = Math.ceil(viewportHeight / ROW_HEIGHT);
  const start = Math.max(0, firstInView - OVERSCAN);
  const end = Math.min(total, firstInView + inView + OVERSCAN);
  const columns = headers.length + 2;
  const visible = [];
  for (let i = start; i < end; i++) {
    visible.push(
      <PreviewRow key={i} index={i} row={rows[i]} headers={headers} selected={selection[i] === 1} onToggle={onToggle} />,
    );
  }

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>Step 2: Select Data Rows</h2>
      <div className="gen-toolbar">
        <button type="button" className="secondary" onClick={() => actorRef.send({ type: 'generator.selectAll' })}>
          Select All
        </button>
        <button type="button" className="secondary outline" onClick={() => actorRef.send({ type: 'generator.selectNone' })}>
          Select None
        </button>
        <span className="gen-counter" role="status">
          Selected: {selectedCount} / {total} rows
        </span>
      </div>
      <div
        ref={scrollRef}
        className="gen-preview-scroll"
        role="region"
        aria-label="Data preview"
        tabIndex={0}
        onScroll={(event) => {
          const first = Math.floor(event.currentTarget.scrollTop / ROW_HEIGHT);
          if (first !== firstInView) setFirstInView(first);
        }}
      >
        <table
          className="gen-preview"
          aria-rowcount={total + 1}
          style={{ minWidth: `calc(6rem + ${headers.length} * 11rem)` }}
        >
          <thead>
            <tr aria-rowindex={1}>
              <th className="gen-col-check" scope="col">
                <input
                  ref={headerCheckRef}
                  type="checkbox"
                  aria-label="Select all rows"
                  checked={allSelected}
                  onChange={() => actorRef.send({ type: allSelected ? 'generator.selectNone' : 'generator.selectAll' })}
                />
              </th>
              <th className="gen-col-number" scope="col">
                No.
              </th>
              {headers.map((header) => (
                <th key={header} scope="col" title={header}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {start > 0 && (
              <tr aria-hidden="true" className="gen-spacer">
                <td colSpan={columns} style={{ height: start * ROW_HEIGHT }} />
              </tr>
            )}
            {visible}
            {end < total && (
              <tr aria-hidden="true" className="gen-spacer">
                <td colSpan={columns} style={{ height: (total - end) * ROW_HEIGHT }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
