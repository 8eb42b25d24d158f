// One row of step 2's virtualised preview: its check box, its number (with the marks of a row
// left out as a total or hidden, docs/rows.md, and of missing images) and its cells.
import { memo } from 'react';
import { fill } from '../../../domain/i18n';
import type { DataRow } from '../../../machines/generator/types';
import { previewCellText } from './cellText';

interface RowProps {
  /** Position among the rows shown (the filter may hide some). */
  position: number;
  index: number;
  row: DataRow;
  headers: readonly string[];
  selected: boolean;
  onToggle: (index: number) => void;
  /** While work runs. */
  disabled: boolean;
  /** 'Select row {row}' in the language on screen. */
  selectLabel: string;
  /** 'Image not found: {name}' for each image file the row names that is not among the images. */
  missingImages: readonly string[];
  /** 'Total row (row 11 of the sheet)' for a row that starts unselected (docs/rows.md), else ''. */
  markLabel: string;
  /** Its sign: Σ for a total, ⊘ for a hidden row. */
  markSign: string;
}

export const PreviewRow = memo(function PreviewRow({
  position,
  index,
  row,
  headers,
  selected,
  onToggle,
  disabled,
  selectLabel,
  missingImages,
  markLabel,
  markSign,
}: RowProps) {
  return (
    <div
      role="row"
      aria-rowindex={position + 2}
      className={selected ? 'gen-row gen-row-selected' : 'gen-row'}
    >
      <div role="cell" className="gen-cell gen-col-check">
        <input
          type="checkbox"
          aria-label={fill(selectLabel, { row: index + 1 })}
          checked={selected}
          disabled={disabled}
          onChange={() => onToggle(index)}
        />
      </div>
      <div role="cell" className="gen-cell gen-col-number">
        {index + 1}
        {markLabel && (
          <span className="gen-row-mark" role="img" aria-label={markLabel} title={markLabel}>
            {markSign}
          </span>
        )}
        {missingImages.length > 0 && (
          <span
            className="gen-row-warning"
            role="img"
            aria-label={missingImages.join('; ')}
            title={missingImages.join('\n')}
          >
            ⚠
          </span>
        )}
      </div>
      {headers.map((header) => {
        const value = row[header];
        const text = previewCellText(value);
        return (
          <div
            role="cell"
            key={header}
            className="gen-cell"
            title={text !== value && value ? value : undefined}
          >
            {text}
          </div>
        );
      })}
    </div>
  );
});
