// An e-Faktur job between the page, the bridge and the worker (docs/efaktur.md).
import type { DataSource } from '../generator/generationJob';
import type { EfakturOptions, EfakturProblem } from './rows';
import type { Seller } from './xml';

export interface EfakturRequest {
  readonly seller: Seller;
  /** YYYY-MM, in the file names. */
  readonly period: string;
  readonly options: EfakturOptions;
  readonly now?: Date;
}

/** A job for the worker: where the rows are, which are selected (0-based), and how to write them. */
export interface EfakturJob<D = Blob> extends EfakturRequest {
  readonly data: DataSource<D>;
  readonly rows: Uint32Array;
}

export type EfakturAnswer =
  | { readonly ok: false; readonly problems: readonly EfakturProblem[] }
  | {
      readonly ok: true;
      readonly file: Blob;
      readonly fileName: string;
      /** How many faktur, and their keys (RefDesc), for the export record. */
      readonly count: number;
      readonly keys: readonly string[];
      readonly files: readonly { name: string; sha256: string }[];
    };
