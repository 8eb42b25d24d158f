// The text of one merged document as the generator's Preview Row shows it: what the worker reads
// out of the .docx (body paragraphs and tables, header and footer text), nothing Word-specific.

export type PreviewBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'table'; readonly rows: readonly (readonly string[])[] };

export interface DocumentPreview {
  /** Text of each header part, in document order. */
  readonly headers: readonly string[];
  readonly body: readonly PreviewBlock[];
  readonly footers: readonly string[];
}
