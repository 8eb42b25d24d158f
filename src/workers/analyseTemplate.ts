import { compileTemplate, MAIN_DOCUMENT, type TemplatePart } from './template';

export interface TemplateAnalysis {
  /** Unique placeholder names in reading order: body, then headers, then footers, then other parts. */
  placeholders: string[];
}

function partRank(file: string): number {
  if (file === MAIN_DOCUMENT) return 0;
  if (/^word\/header\d*\.xml$/.test(file)) return 1;
  if (/^word\/footer\d*\.xml$/.test(file)) return 2;
  return 3;
}

/** Templated files in reading order; header2 sorts after header1 and before header10. */
export function orderTemplatedFiles(files: Iterable<string>): string[] {
  return [...files].sort(
    (a, b) => partRank(a) - partRank(b) || a.localeCompare(b, 'en', { numeric: true }),
  );
}

/**
 * Every tag a row must supply. A section/loop tag ({#paid}…{/paid}) is listed itself, because
 * with flat row data it acts as a condition on that column, and so are the tags inside it,
 * because they resolve from the row too.
 */
export function collectTagNames(parts: TemplatePart[], into: string[], seen: Set<string>): void {
  for (const part of parts) {
    if (part.type !== 'placeholder') continue;
    const name = part.value?.trim();
    if (name && !seen.has(name)) {
      seen.add(name);
      into.push(name);
    }
    if (part.subparsed) collectTagNames(part.subparsed, into, seen);
  }
}

export async function analyseTemplate(buffer: ArrayBuffer): Promise<TemplateAnalysis> {
  const { trees } = compileTemplate(buffer);
  const placeholders: string[] = [];
  const seen = new Set<string>();
  for (const file of orderTemplatedFiles(trees.keys())) collectTagNames(trees.get(file) ?? [], placeholders, seen);
  return { placeholders };
}
