// The worker's compiled templates: Preview Row, the next preview and Generate of one template
// compile it once. An entry is keyed by the template's bytes (SHA-256), the mapping and the
// formats, so a changed template, mapping or format never meets a stale compile (today's compile
// reads only the bytes; the mapping and formats are in the key so a compile that comes to depend
// on them stays right). One entry per kind is kept: the worker serves one template at a time.
// An entry is stored only once its compile has succeeded, and the merges only read it
// (mergeDocuments and zipPerRow write what they render beside the template, never into it), so a
// failed or cancelled run leaves the cache as it found it.
import type { Formats, Mapping } from '../../domain/generator/generationJob';
import { compileTemplate, type CompiledTemplate } from '../template';
import { prepareMergeTemplate, type MergeTemplate } from './mergeTemplate';

/** What a compiled template is built from. */
interface TemplateSource {
  readonly template: ArrayBuffer;
  readonly mapping: Mapping;
  readonly formats: Formats;
}

/** An object's entries in a stable order, as text. */
const stable = (record: Readonly<Record<string, string>>) =>
  JSON.stringify(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

async function keyOf({ template, mapping, formats }: TemplateSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', template));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return `${hex}\u0000${stable(mapping)}\u0000${stable(formats)}`;
}

/** One compiled template, replaced when another key is asked for (stored only once built). */
function lastCompiled<T>(build: (template: ArrayBuffer) => T, counted: () => void) {
  let entry: { key: string; value: T } | null = null;
  return async (source: TemplateSource): Promise<T> => {
    const key = await keyOf(source);
    if (entry?.key !== key) {
      const value = build(source.template);
      counted();
      entry = { key, value };
    }
    return entry.value;
  };
}

export function createTemplateCache() {
  let compiles = 0;
  const counted = () => void compiles++;
  return {
    /** The template compiled for the merged document (and Preview Row). */
    forMerge: lastCompiled<MergeTemplate>(prepareMergeTemplate, counted),
    /** The template compiled as it is, for one document per row. */
    forZip: lastCompiled<CompiledTemplate>((template) => compileTemplate(template), counted),
    /** How many times a template was compiled (a reused one is not). */
    get compiles(): number {
      return compiles;
    },
  };
}
