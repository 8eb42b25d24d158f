// Placeholders written for another tool (docs/rows.md): `{{ }}` (Jinja, Handlebars, docxtpl),
// `+++ +++` (docx-templates), `${ }`, and `«»` / `<< >>` typed as text instead of Word merge
// fields. Found in the text of the document's paragraphs and named, with what to write instead,
// rather than left to docxtemplater's wording about duplicate braces or to no placeholders at all.
import type PizZip from 'pizzip';

interface Syntax {
  /** How the message names it. */
  name: string;
  /** A placeholder of it in a paragraph's text; group 1 is the field's name. */
  pattern: RegExp;
  /** Only when the template has no placeholder of ours (Word shows «» for its own fields too). */
  onlyWithoutPlaceholders?: boolean;
}

const SYNTAXES: readonly Syntax[] = [
  { name: '{{ }}', pattern: /\{\{[\s#/^]*([^{}]*?)\s*\}\}/ },
  { name: '+++ +++', pattern: /\+\+\+\s*(?:INS\s+|=\s*|EXEC\s+|FOR\s+|IF\s+)?([^+]*?)\s*\+\+\+/ },
  { name: '${ }', pattern: /\$\{\s*([^{}]*?)\s*\}/ },
  { name: '«»', pattern: /«\s*([\p{L}\p{N}_ .-]+?)\s*»/u, onlyWithoutPlaceholders: true },
  { name: '<< >>', pattern: /<<\s*([\p{L}\p{N}_ .-]+?)\s*>>/u, onlyWithoutPlaceholders: true },
];

export function foreignSyntaxMessage(syntax: string, field: string): string {
  return `This template uses ${syntax} placeholders; write {${field}} instead`;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Each paragraph's text (runs joined, tags dropped): a placeholder may span several runs. */
function paragraphTexts(xml: string): string[] {
  return xml.split(/<\/w:p>/).map((p) =>
    p
      .replace(/<w:tab\/>/g, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ENTITIES[e]),
  );
}

/** A field name as the message suggests it: the name the template wrote, or `Nama`. */
function fieldName(found: string): string {
  const name = found
    .trim()
    .split(/[\s|(]/)[0]
    .replace(/^[.]+/, '');
  return /^[\p{L}_][\p{L}\p{N}_.-]*$/u.test(name) ? name : 'Nama';
}

/**
 * The error naming the first other tool's placeholder in the given parts, or null. `hasOwn`:
 * whether the template has placeholders of ours, which keeps `«»` and `<< >>` (also what Word
 * shows for its own fields) from counting then.
 */
export function foreignSyntaxError(
  zip: PizZip,
  parts: readonly string[],
  hasOwn: boolean,
): Error | null {
  const texts = parts.flatMap((path) => paragraphTexts(zip.file(path)?.asText() ?? ''));
  for (const syntax of SYNTAXES) {
    if (syntax.onlyWithoutPlaceholders && hasOwn) continue;
    for (const text of texts) {
      const match = syntax.pattern.exec(text);
      if (match) return new Error(foreignSyntaxMessage(syntax.name, fieldName(match[1] ?? '')));
    }
  }
  return null;
}
