import { useSelector } from '@xstate/react';
import { ReadNotes } from './ReadNotes';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import type { DataRow } from '../../../machines/generator/types';
import { PreviewRow } from './PreviewRow';
import { select } from '../../../machines/generator/selectors';
import { rowWindow } from '../../../domain/sheet/rowFilter';
import { useTexts } from '../../layout/i18n';
import { skipNote } from './skipNote';
import { RowNotices } from './RowNotices';
import { rowMark } from './rowFlags';
import type { StepProps } from './types';
import { HeaderRowControl } from './HeaderRowControl';
import { findImageName, pictureFieldOf } from '../../../domain/word/pictureField';

// Hand-made virtualisation: every row is ROW_HEIGHT px tall, so the rows in view follow from the
// scroll position alone; only they (plus OVERSCAN on each side) are in the DOM, inside a body as
// tall as all rows, moved down with a transform. Rows are flex boxes of fixed size (ARIA table
// roles), not <tr>: a real table re-lays out every row whenever rows come and go, which made
// fast scrolling stutter.
const ROW_HEIGHT = 40;
const NO_WARNINGS: readonly string[] = [];
const OVERSCAN = 8;
const DEFAULT_VIEWPORT = 480;

/** Step 2: the data rows with selection. */
/**
 * `disabled` while work runs (useStagedDisable in InvoiceDocumentGeneratorPage.tsx): the controls
 * above the grid by a fieldset, the grid's check boxes each, so that the grid's hundreds of cells
 * are not restyled (a disabled fieldset restyles everything inside it).
 */
export function PreviewStep({ actorRef, disabled }: StepProps & { disabled: boolean }) {
  const headers = useSelector(actorRef, select.headers);
  const table = useSelector(actorRef, select.table);
  const selection = useSelector(actorRef, select.selection);
  const selectedCount = useSelector(actorRef, select.selectedCount);
  // The filter's text and the table indexes of the rows it shows (null: every row); the machine
  // has the worker search them, after a pause in the typing (src/machines/generator/filter.ts).
  const query = useSelector(actorRef, select.filterQuery);
  const matches = useSelector(actorRef, select.filterMatches);
  const placeholders = useSelector(actorRef, select.placeholders);
  const mapping = useSelector(actorRef, select.mapping);
  const imageNames = useSelector(actorRef, select.imageNames);
  const headingId = useId();
  const filterId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerCheckRef = useRef<HTMLInputElement>(null);
  const [firstInView, setFirstInView] = useState(0);
  const [inView, setInView] = useState(Math.ceil(DEFAULT_VIEWPORT / ROW_HEIGHT));

  const onToggle = useCallback(
    (index: number) => actorRef.send({ type: 'generator.rowToggled', index }),
    [actorRef],
  );

  // A new sheet or workbook starts at the top. The scroll position is written only when it is not
  // there already: writing it forces a layout of the rows just mounted, in the task that received them.
  const scrolledTo = useRef(0);
  useEffect(() => {
    if (scrollRef.current && scrolledTo.current !== 0) scrollRef.current.scrollTop = 0;
    scrolledTo.current = 0;
    setFirstInView(0);
  }, [table, matches]);

  // Rows that just arrived (a new sheet, another filter) are drawn without their overscan in the
  // task that receives them and get it a frame later: that task also styles and lays out every
  // cell drawn, and on a busy machine the overscan's rows made it 50-60 ms (a 10,000-row `;` CSV
  // with two busy processes beside the page, `BENCH_ONLY=inputs npm run bench`, issue 35).
  const [settled, setSettled] = useState<{ table: unknown; matches: unknown } | null>(null);
  const fresh = settled?.table !== table || settled.matches !== matches;
  useEffect(() => {
    if (!fresh) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setSettled({ table, matches }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [fresh, table, matches]);

  // The viewport's height comes from the ResizeObserver (its first report arrives after the browser's
  // own layout): reading clientHeight right after the table mounts forced a synchronous layout of
  // the new rows inside the task that received the sheet (~30 ms of a 50,000-row load's longest task).
  const hasRows = table.rowCount > 0;
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setInView(Math.ceil((element.clientHeight || DEFAULT_VIEWPORT) / ROW_HEIGHT)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasRows]);

  const total = table.rowCount;
  const allSelected = total > 0 && selectedCount === total;
  useEffect(() => {
    if (headerCheckRef.current)
      headerCheckRef.current.indeterminate = selectedCount > 0 && !allSelected;
  }, [selectedCount, allSelected]);

  if (total === 0) return null;
  const note = skipNote(table, selection, selectedCount, t);

  const { shown, start, indexes } = rowWindow({
    total,
    matches,
    firstInView,
    inView,
    overscan: fresh ? 0 : OVERSCAN,
  });
  // The columns naming image files; a row naming one that is not among the images gets a warning.
  const imageColumns = placeholders.flatMap((p) =>
    pictureFieldOf(p)?.kind === 'image' && mapping[p] ? [mapping[p]] : [],
  );
  const missingIn = (row: DataRow) => {
    const missing = imageColumns.flatMap((column) => {
      const name = (row[column] ?? '').trim();
      return name && findImageName(imageNames, name) === null
        ? [fill(t.imageNotFound, { name })]
        : [];
    });
    return missing.length > 0 ? missing : NO_WARNINGS;
  };
  const markOf = (i: number) => {
    const kind = rowMark(table, i);
    if (kind === null) return { markLabel: '', markSign: '' };
    const mark = kind === 'total' ? t.totalRowMark : t.hiddenRowMark;
    return {
      markLabel: fill(t.sheetRowMark, { mark, row: table.sheetRow(i) }),
      markSign: kind === 'total' ? 'Σ' : '⊘',
    };
  };
  const visible = indexes.map((i, k) => {
    // Decoded from the packed sheet only now that it is in view (the table keeps recent rows).
    const row = table.row(i);
    return (
      <PreviewRow
        key={i}
        position={start + k}
        index={i}
        row={row}
        headers={headers}
        selected={selection[i] === 1}
        onToggle={onToggle}
        disabled={disabled}
        selectLabel={t.selectRow}
        missingImages={missingIn(row)}
        {...markOf(i)}
      />
    );
  });

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.step2}</h2>
      <fieldset className="gen-step-fields" disabled={disabled}>
        <div className="gen-toolbar">
          <button
            type="button"
            className="secondary"
            onClick={() => actorRef.send({ type: 'generator.selectAll' })}
          >
            {t.selectAll}
          </button>
          <button
            type="button"
            className="secondary outline"
            onClick={() => actorRef.send({ type: 'generator.selectNone' })}
          >
            {t.selectNone}
          </button>
          <span className="gen-counter" role="status">
            {fill(total === 1 ? t.selectedOfOneRow : t.selectedRows, {
              selected: selectedCount,
              total,
            })}
          </span>
          {note && (
            <span className="gen-skip-note" role="status">
              {note}
            </span>
          )}
        </div>
        <RowNotices actorRef={actorRef} />
        <HeaderRowControl actorRef={actorRef} />
        <ReadNotes actorRef={actorRef} />
        <div className="gen-toolbar gen-filter">
          <label htmlFor={filterId}>{t.filterRows}</label>
          <input
            id={filterId}
            type="search"
            value={query}
            onChange={(e) =>
              actorRef.send({ type: 'generator.filterChanged', query: e.currentTarget.value })
            }
          />
          <button
            type="button"
            className="secondary outline"
            onClick={() =>
              actorRef.send(
                matches
                  ? { type: 'generator.selectRows', rowIndexes: matches }
                  : { type: 'generator.selectAll' },
              )
            }
          >
            {t.selectMatching}
          </button>
          {matches && (
            <span className="gen-filter-count">
              {fill(total === 1 ? t.showingOfOneRow : t.showingRows, {
                shown: matches.length,
                total,
              })}
            </span>
          )}
        </div>
      </fieldset>
      <div
        ref={scrollRef}
        className="gen-preview-scroll"
        role="region"
        aria-label={t.dataPreview}
        tabIndex={0}
        onScroll={(event) => {
          scrolledTo.current = event.currentTarget.scrollTop;
          const first = Math.floor(scrolledTo.current / ROW_HEIGHT);
          if (first !== firstInView) setFirstInView(first);
        }}
      >
        <div role="table" aria-label={t.dataRows} aria-rowcount={shown + 1} className="gen-grid">
          <div role="rowgroup" className="gen-grid-head">
            <div role="row" aria-rowindex={1} className="gen-row">
              <div role="columnheader" className="gen-cell gen-col-check">
                <input
                  ref={headerCheckRef}
                  type="checkbox"
                  aria-label={t.selectAllRows}
                  checked={allSelected}
                  disabled={disabled}
                  onChange={() =>
                    actorRef.send({
                      type: allSelected ? 'generator.selectNone' : 'generator.selectAll',
                    })
                  }
                />
              </div>
              <div role="columnheader" className="gen-cell gen-col-number">
                {t.number}
              </div>
              {headers.map((header) => (
                <div role="columnheader" key={header} className="gen-cell" title={header}>
                  {header}
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup" className="gen-grid-body" style={{ height: shown * ROW_HEIGHT }}>
            <div
              className="gen-grid-window"
              style={{ transform: `translateY(${start * ROW_HEIGHT}px)` }}
            >
              {visible}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
