// Word fields the generator fills itself, as the template stage reads them (issue 21): a MERGEFIELD
// with switches, and IF fields (nested, with MERGEFIELDs in their operands and results). Each one
// stands in the compiled template as a tag of its own key; a row's value for that key is the
// field's final text, evaluated here. Pure.
import { numberOf } from '../values/valueFormat';
import {
  formatDatePicture,
  formatNumberPicture,
  formatTextCase,
  type FieldLanguage,
} from '../values/wordPicture';

/** The switches of a field that change its text (`\* MERGEFORMAT` and the like change nothing). */
export interface FieldSwitches {
  /** `\#` number picture. */
  readonly number?: string;
  /** `\@` date picture. */
  readonly date?: string;
  /** `\*` text cases, in order: Upper, Lower, FirstCap, Caps. */
  readonly cases?: readonly string[];
  /** `\b` text before a non-empty value, `\f` text after it. */
  readonly before?: string;
  readonly after?: string;
}

/** Text and fields in the order they are written: an operand, a result. */
export type WordText = readonly (string | WordField)[];

export type WordField =
  | { readonly kind: 'merge'; readonly name: string; readonly switches: FieldSwitches }
  | {
      readonly kind: 'if';
      readonly left: WordText;
      readonly operator: string;
      readonly right: WordText;
      readonly then: WordText;
      readonly otherwise: WordText;
      readonly switches: FieldSwitches;
    };

/** A field as the compiled template carries it: the field and the language of its text. */
export interface CompiledWordField {
  readonly field: WordField;
  readonly lang: FieldLanguage;
}

/**
 * Tags that stand for a Word field start with this private-use character, which no column name
 * and no `{tag}` a user types holds.
 */
export const WORD_FIELD_KEY_PREFIX = '\uE002';

export function isWordFieldKey(key: string): boolean {
  return key.startsWith(WORD_FIELD_KEY_PREFIX);
}

/** The MERGEFIELD names a field reads, in reading order (repeats dropped). */
export function fieldNames(field: WordField, into: string[] = []): string[] {
  const add = (text: WordText) => {
    for (const piece of text) if (typeof piece !== 'string') fieldNames(piece, into);
  };
  if (field.kind === 'merge') {
    if (!into.includes(field.name)) into.push(field.name);
  } else {
    add(field.left);
    add(field.right);
    add(field.then);
    add(field.otherwise);
  }
  return into;
}

export function hasSwitches(switches: FieldSwitches): boolean {
  return Boolean(
    switches.number !== undefined ||
    switches.date !== undefined ||
    switches.cases?.length ||
    switches.before !== undefined ||
    switches.after !== undefined,
  );
}

/** What a row holds for a MERGEFIELD name. */
export interface FieldValue {
  /** The value as the sheet shows it. */
  readonly text: string;
  /** The cell's number when it was a number cell. */
  readonly raw?: number | null;
  /** The value in the format the user picked in the Format control, when one was picked. */
  readonly chosen?: string;
}

export type FieldLookup = (name: string) => FieldValue;

/** A value through a field's own switches: picture or case formatting, then `\b`/`\f`. */
export function applySwitches(
  value: FieldValue,
  switches: FieldSwitches,
  lang: FieldLanguage,
  useChosen = true,
): string {
  let text = value.text;
  if (useChosen && value.chosen !== undefined) text = value.chosen;
  else {
    const n = switches.number !== undefined ? numberOf(text, value.raw) : null;
    if (n !== null) text = formatNumberPicture(n, switches.number!, lang);
    else if (switches.date !== undefined)
      text = formatDatePicture(text, switches.date, lang, value.raw) ?? text;
    for (const kind of switches.cases ?? []) text = formatTextCase(text, kind);
  }
  if (text === '') return '';
  return (switches.before ?? '') + text + (switches.after ?? '');
}

/** An operand's text; a MERGEFIELD in an operand is compared as its own switches write it. */
function operandText(text: WordText, lookup: FieldLookup, lang: FieldLanguage): string {
  return text.map((piece) => evaluatePiece(piece, lookup, lang, false)).join('');
}

function evaluatePiece(
  piece: string | WordField,
  lookup: FieldLookup,
  lang: FieldLanguage,
  useChosen: boolean,
): string {
  if (typeof piece === 'string') return piece;
  if (piece.kind === 'merge')
    return applySwitches(lookup(piece.name), piece.switches, lang, useChosen);
  return evaluateWordField(piece, lookup, lang);
}

/** The number an operand stands for: a lone MERGEFIELD's cell number, else a plain number. */
function operandNumber(
  text: string,
  single: string | WordField | undefined,
  lookup: FieldLookup,
): number | null {
  if (single !== undefined && typeof single !== 'string' && single.kind === 'merge') {
    const value = lookup(single.name);
    return numberOf(value.text, value.raw);
  }
  return numberOf(text.trim());
}

/** `*` and `?` wildcards of Word's `=` and `<>` on text. */
function wildcardMatch(text: string, pattern: string): boolean {
  if (!/[*?]/.test(pattern)) return text === pattern;
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`, 's').test(text);
}

function compare(
  left: string,
  right: string,
  operator: string,
  numbers: { left: number | null; right: number | null },
): boolean {
  if (numbers.left !== null && numbers.right !== null) {
    const [a, b] = [numbers.left, numbers.right];
    switch (operator) {
      case '=':
        return a === b;
      case '<>':
        return a !== b;
      case '<':
        return a < b;
      case '>':
        return a > b;
      case '<=':
        return a <= b;
      case '>=':
        return a >= b;
    }
  }
  const order = left < right ? -1 : left > right ? 1 : 0;
  switch (operator) {
    case '=':
      return wildcardMatch(left, right);
    case '<>':
      return !wildcardMatch(left, right);
    case '<':
      return order < 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '>=':
      return order >= 0;
  }
  return false;
}

/**
 * The final text of a field for one row. An IF compares its operands as numbers when both are
 * numbers, else as text (case-sensitive, as Word does), and shows its `then` or `otherwise` text
 * with the fields in it filled; a MERGEFIELD shows the value the user's format gives, else its
 * own switches.
 */
export function evaluateWordField(
  field: WordField,
  lookup: FieldLookup,
  lang: FieldLanguage,
): string {
  if (field.kind === 'merge') return applySwitches(lookup(field.name), field.switches, lang);
  const left = operandText(field.left, lookup, lang);
  const right = operandText(field.right, lookup, lang);
  const holds = compare(left, right, field.operator, {
    left: operandNumber(left, field.left.length === 1 ? field.left[0] : undefined, lookup),
    right: operandNumber(right, field.right.length === 1 ? field.right[0] : undefined, lookup),
  });
  const result = (holds ? field.then : field.otherwise)
    .map((piece) => evaluatePiece(piece, lookup, lang, true))
    .join('');
  return applySwitches({ text: result }, field.switches, lang);
}
