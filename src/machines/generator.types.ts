// Types of the generator machine (spec §3 "Generator working data", §4 "Generator flow").
// The worker is reached through injected actors, so these types describe what the machine
// needs from it, not how the bridge is called.

/** A file the user chose: a browser File satisfies it. */
export type ChosenFile = Blob & { readonly name: string };

/** One data row keyed by column name (header of the first row); values are display text. */
export type DataRow = Readonly<Record<string, string>>;

/** Placeholder → column; '' while the placeholder is not mapped yet. */
export type Mapping = Readonly<Record<string, string>>;

export interface Progress {
  readonly processed: number;
  readonly total: number;
}

export interface GeneratorContext {
  readonly templateFile: ChosenFile | null;
  readonly dataFile: ChosenFile | null;
  readonly sheetNames: readonly string[];
  readonly selectedSheet: string;
  readonly headers: readonly string[];
  readonly rows: readonly DataRow[];
  /** selection[i] === 1 when rows[i] is selected; replaced (never mutated) on change. */
  readonly selection: Uint8Array;
  readonly selectedCount: number;
  readonly placeholders: readonly string[];
  readonly mapping: Mapping;
  readonly progress: Progress;
  readonly error: string;
  readonly warning: string;
  readonly success: string;
}

// ---- what the injected actors take and give ----

export interface AnalyseTemplateInput {
  readonly file: ChosenFile;
}
export interface AnalyseTemplateOutput {
  readonly placeholders: readonly string[];
}

export interface ReadWorkbookInput {
  readonly file: ChosenFile;
}
export interface SheetData {
  readonly headers: readonly string[];
  readonly rows: readonly DataRow[];
}
export interface ReadWorkbookOutput extends SheetData {
  readonly sheetNames: readonly string[];
  /** The sheet that was read (the first one). */
  readonly sheet: string;
}

export interface ReadSheetInput {
  readonly file: ChosenFile;
  readonly sheet: string;
}
export type ReadSheetOutput = SheetData;

export interface MergeInput {
  readonly template: ChosenFile;
  /** The selected rows, in table order. */
  readonly rows: readonly DataRow[];
  /** 1-based row numbers of those rows in the preview, for 'Row n: …' messages. */
  readonly rowNumbers: readonly number[];
  readonly mapping: Mapping;
}
export interface MergeOutput {
  readonly data: ArrayBuffer | Blob;
  readonly fileName: string;
  readonly sections: number;
  readonly skipped: number;
}

export interface ExportInput {
  readonly rows: readonly DataRow[];
  readonly mapping: Mapping;
}
export interface ExportOutput {
  readonly data: ArrayBuffer | Blob;
  readonly fileName: string;
  readonly rowCount: number;
}

export interface DownloadParams {
  readonly data: ArrayBuffer | Blob;
  readonly fileName: string;
  readonly mimeType: string;
}

// ---- events ----

export type GeneratorEvent =
  | { type: 'generator.templateChosen'; file: ChosenFile }
  | { type: 'generator.dataChosen'; file: ChosenFile }
  | { type: 'generator.sheetChanged'; sheet: string }
  | { type: 'generator.rowToggled'; index: number }
  | { type: 'generator.selectAll' }
  | { type: 'generator.selectNone' }
  | { type: 'generator.mappingChanged'; placeholder: string; column: string }
  | { type: 'generator.autoMap' }
  | { type: 'generator.clearMappings' }
  | { type: 'generator.generate' }
  | { type: 'generator.export' }
  | { type: 'generator.cancel' }
  | { type: 'generator.reset' };

/** Events the merge actor sends back to the machine while it runs. */
export type MergeActorEvent =
  | { type: 'generator.progress'; processed: number; total: number }
  | { type: 'generator.merged'; output: MergeOutput }
  | { type: 'generator.mergeFailed'; error: unknown };
