import type { ValueFormat } from '../../domain/values/valueFormat';
import { fieldNames, isWordFieldKey, type CompiledWordField } from '../../domain/word/wordField';
import { compileTemplate, type DocxLayout, type TemplatePart } from './compile';
import type { TemplatePictures } from './pictureTags';

export interface TemplateAnalysis {
  /** Unique placeholder names in reading order: body, then headers, then footers, then other parts. */
  placeholders: string[];
  /** Word fields the generator does not fill (IF, ASK, …): they keep the result they show. */
  notFilled: string[];
  /** 'field' for each field a Word switch formats (`\* Upper`, `\# "#.##0"`, `\@ "d MMMM yyyy"`). */
  fieldFormats: Record<string, ValueFormat>;
  /** A .docm's macros were dropped: the generated document is a .docx without them. */
  macrosDropped: boolean;
  /** Names of the section tags (`{#name}`/`{^name}`): loops over a group's rows, or conditions. */
  sections: string[];
}

/**
 * Templated files in reading order: the main document, headers, footers, then the rest; header2
 * sorts after header1 and before header10. Which part is which comes from the package's
 * relationships (Word for the web names its main part document2.xml).
 */
function orderTemplatedFiles(
  files: Iterable<string>,
  layout: Pick<DocxLayout, 'main' | 'headersFooters'>,
): string[] {
  const rank = (file: string): number => {
    if (file === layout.main) return 0;
    const kind = layout.headersFooters.find((p) => p.path === file)?.kind;
    return kind === 'header' ? 1 : kind === 'footer' ? 2 : 3;
  };
  return [...files].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }),
  );
}

/**
 * Every tag a row must supply. A section/loop tag ({#paid}…{/paid}) is listed itself, because
 * with flat row data it acts as a condition on that column, and so are the tags inside it,
 * because they resolve from the row too.
 */
function collectTagNames(
  parts: TemplatePart[],
  into: string[],
  seen: Set<string>,
  wordFields: Readonly<Record<string, CompiledWordField>>,
  pictures: TemplatePictures,
): void {
  for (const part of parts) {
    if (part.type !== 'placeholder') continue;
    const tag = part.value?.trim() ?? '';
    // A Word field's own key stands for the MERGEFIELDs it reads (an IF may read several).
    // A picture's tag stands for its field (`qris:Total`), an image typed as `{%Logo}` too.
    const names =
      isWordFieldKey(tag) && Object.hasOwn(wordFields, tag)
        ? fieldNames(wordFields[tag].field)
        : Object.hasOwn(pictures.slots, tag)
          ? [pictures.slots[tag].field]
          : [tag];
    for (const name of names) {
      if (name && !seen.has(name)) {
        seen.add(name);
        into.push(name);
      }
    }
    if (part.subparsed) collectTagNames(part.subparsed, into, seen, wordFields, pictures);
  }
}

/** The names of the section tags (`{#name}…{/name}`, `{^name}…{/name}`) of parse trees, each once. */
export function sectionTags(trees: Iterable<TemplatePart[]>): string[] {
  const names = new Set<string>();
  const walk = (parts: TemplatePart[]) => {
    for (const part of parts) {
      if (part.type !== 'placeholder') continue;
      const name = part.value?.trim();
      if (part.module === 'loop' && name) names.add(name);
      if (part.subparsed) walk(part.subparsed);
    }
  };
  for (const tree of trees) walk(tree);
  return [...names];
}

export async function analyseTemplate(buffer: ArrayBuffer): Promise<TemplateAnalysis> {
  const template = compileTemplate(buffer);
  const { trees } = template;
  const placeholders: string[] = [];
  const seen = new Set<string>();
  for (const file of orderTemplatedFiles(trees.keys(), template))
    collectTagNames(
      trees.get(file) ?? [],
      placeholders,
      seen,
      template.wordFields,
      template.pictures,
    );
  return {
    placeholders,
    notFilled: template.notFilled,
    fieldFormats: template.fieldFormats,
    macrosDropped: template.macrosDropped,
    sections: sectionTags(trees.values()),
  };
}
