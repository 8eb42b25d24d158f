// How a data value shows in the preview (docs/product.md#screens, #limits): longer than 50 characters is cut to 47
// plus '...'; an empty value shows a dash.
const PREVIEW_CELL_LIMIT = 50;

export function previewCellText(value: string | undefined): string {
  if (value === undefined || value === '') return '-';
  return value.length > PREVIEW_CELL_LIMIT ? `${value.slice(0, PREVIEW_CELL_LIMIT - 3)}...` : value;
}
