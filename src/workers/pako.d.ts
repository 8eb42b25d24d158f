// The one pako build pizzip itself loads (so the worker bundle holds a single copy); pako 2 ships no types.
declare module 'pako/dist/pako.es5.min.js' {
  export interface DeflateOptions {
    level?: number;
    windowBits?: number;
    memLevel?: number;
    chunkSize?: number;
  }
  export function deflateRaw(data: Uint8Array, options?: DeflateOptions): Uint8Array;
  export function inflateRaw(data: Uint8Array): Uint8Array;
  export class Deflate {
    constructor(options?: DeflateOptions & { raw?: boolean });
    onData(chunk: Uint8Array): void;
    push(data: Uint8Array, flushMode?: number | boolean): boolean;
    /** Non-zero after a failed push, with msg saying why. */
    err: number;
    msg: string;
  }
  export class Inflate {
    constructor(options?: { raw?: boolean; chunkSize?: number });
    onData(chunk: Uint8Array): void;
    push(data: Uint8Array, flushMode?: number | boolean): boolean;
    /** Non-zero after a failed push, with msg saying why. */
    err: number;
    msg: string;
    /** True once the end of the stream was read. */
    ended: boolean;
  }
  const pako: {
    deflateRaw: typeof deflateRaw;
    inflateRaw: typeof inflateRaw;
    Deflate: typeof Deflate;
    Inflate: typeof Inflate;
  };
  export default pako;
}
