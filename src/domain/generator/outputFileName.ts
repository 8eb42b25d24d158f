// Names of the files in a zip of one document per row ('Name files by' a column).

/** Characters Windows, macOS or Linux refuse in a file name, plus control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/** Longest base name kept (well below the 255 bytes file systems allow, leaving room for ' (n).docx'). */
const MAX_BASE_LENGTH = 120;

/**
 * A value as a file's base name: unsafe characters become '-', spaces collapse, leading and trailing
 * dots and spaces go ('INV/2024/00007' → 'INV-2024-00007'). Empty result → the fallback.
 */
export function safeFileBase(value: string, fallback: string): string {
  const base = value
    .replace(UNSAFE, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .trim();
  return base === '' ? fallback : base;
}

/**
 * Gives each base name a unique file name with the extension; a repeat gets ' (2)', ' (3)'…
 * Names are compared without case, as Windows and macOS do.
 */
export function uniqueFileNames(bases: readonly string[], extension: string): string[] {
  const used = new Set<string>();
  return bases.map((base) => {
    let name = `${base}${extension}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})${extension}`;
    used.add(name.toLowerCase());
    return name;
  });
}
