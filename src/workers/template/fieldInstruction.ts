// A Word field's instruction read into what the generator fills: a MERGEFIELD's name and
// switches, an IF's operands, operator and results. An instruction is text with the fields nested
// in it (`IF { MERGEFIELD Status } = "Lunas" "Terima kasih" "Harap bayar { MERGEFIELD Total }"`).
import type { FieldSwitches, WordField, WordText } from '../../domain/word/wordField';

/** A field as the package holds it: its instruction, text and the fields nested in it. */
export interface RawField {
  readonly pieces: readonly (string | RawField)[];
}

type Piece = string | RawField;

/** One word of an instruction: its pieces, and whether it was (partly) quoted. */
interface Token {
  pieces: Piece[];
  quoted: boolean;
  operator: boolean;
}

const OPERATOR_CHARS = /[=<>]/;
const OPERATORS = new Set(['=', '<>', '<', '>', '<=', '>=']);

/** Splits an instruction into words; quoted words keep their spaces and the fields inside them. */
export function tokenize(pieces: readonly Piece[]): Token[] {
  const tokens: Token[] = [];
  // The word being read; an object so the closures below see its changes.
  const at: { word: Token | null } = { word: null };
  let inQuote = false;
  const open = (operator = false): Token => {
    if (!at.word) {
      at.word = { pieces: [], quoted: false, operator };
      tokens.push(at.word);
    }
    return at.word;
  };
  const append = (token: Token, piece: Piece) => {
    const last = token.pieces.length - 1;
    if (typeof piece === 'string' && typeof token.pieces[last] === 'string')
      token.pieces[last] += piece;
    else token.pieces.push(piece);
  };
  const endOperator = () => {
    if (at.word?.operator) at.word = null;
  };
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      endOperator();
      append(open(), piece);
      continue;
    }
    for (let i = 0; i < piece.length; i++) {
      const c = piece[i];
      if (inQuote) {
        if (c === '"') inQuote = false;
        else if (c === '\\' && (piece[i + 1] === '"' || piece[i + 1] === '\\'))
          append(open(), piece[++i]);
        else append(open(), c);
      } else if (/\s/.test(c)) at.word = null;
      else if (c === '"') {
        endOperator();
        const token = open();
        token.quoted = true;
        inQuote = true;
        // An empty quoted word ("") is a word all the same.
        if (token.pieces.length === 0) token.pieces.push('');
      } else if (OPERATOR_CHARS.test(c)) {
        // An operator glued to a word is a word of its own (`{ MERGEFIELD x }="v"`).
        if (at.word && !at.word.operator) at.word = null;
        append(open(true), c);
      } else {
        endOperator();
        append(open(), c);
      }
    }
  }
  return tokens;
}

/** The plain text of a word, or null when a field is part of it. */
function plain(token: Token | undefined): string | null {
  if (!token) return null;
  let text = '';
  for (const piece of token.pieces) {
    if (typeof piece !== 'string') return null;
    text += piece;
  }
  return text;
}

/** The field type, upper case ('MERGEFIELD', 'IF', 'ASK'…), '' when there is none. */
export function fieldKind(pieces: readonly Piece[]): string {
  return (plain(tokenize(pieces)[0]) ?? '').toUpperCase();
}

/** The switches among `tokens` (those that change text; `\* MERGEFORMAT` changes nothing). */
function readSwitches(tokens: readonly Token[]): FieldSwitches | null {
  const switches: {
    number?: string;
    date?: string;
    cases?: string[];
    before?: string;
    after?: string;
  } = {};
  for (let i = 0; i < tokens.length; i++) {
    const word = plain(tokens[i]);
    if (word === null) return null;
    // A switch may have its argument glued to it, quoted or not: \#"#.##0", \*Upper.
    const m = /^\\([*#@bf])(.*)$/is.exec(word);
    if (!m) {
      if (!tokens[i].quoted && /^\\[a-z]$/i.test(word)) continue; // \m, \v: no change to the text
      return null;
    }
    let argument = m[2];
    if (argument === '') {
      const next = plain(tokens[i + 1]);
      if (next === null) return null;
      argument = next;
      i++;
    }
    const kind = m[1].toLowerCase();
    if (kind === '#') switches.number = argument;
    else if (kind === '@') switches.date = argument;
    else if (kind === 'b') switches.before = argument;
    else if (kind === 'f') switches.after = argument;
    else if (/^(upper|lower|firstcap|caps)$/i.test(argument))
      (switches.cases ??= []).push(argument.toUpperCase());
  }
  return switches;
}

/** A MERGEFIELD's name and switches; null when the field is another one or unreadable. */
export function readMergeField(
  pieces: readonly Piece[],
): { name: string; switches: FieldSwitches } | null {
  const tokens = tokenize(pieces);
  if (plain(tokens[0])?.toUpperCase() !== 'MERGEFIELD') return null;
  const name = plain(tokens[1])?.trim();
  if (!name || (!tokens[1].quoted && name.startsWith('\\'))) return null;
  return { name, switches: readSwitches(tokens.slice(2)) ?? {} };
}

/** The field name of a MERGEFIELD instruction, or null when it is another field. */
export function mergeFieldName(instruction: string): string | null {
  return readMergeField([instruction])?.name ?? null;
}

/** A word as text and fields, each nested field read (null when one cannot be). */
function wordText(token: Token | undefined): WordText | null {
  if (!token) return [];
  const out: (string | WordField)[] = [];
  for (const piece of token.pieces) {
    if (typeof piece === 'string') out.push(piece);
    else {
      const field = readWordField(piece);
      if (!field) return null;
      out.push(field);
    }
  }
  return out;
}

/**
 * The field as the generator fills it: a MERGEFIELD, or an IF whose operands and results hold
 * only text, MERGEFIELDs and IFs. Null for any other field, or an IF written another way.
 */
export function readWordField(raw: RawField): WordField | null {
  const merge = readMergeField(raw.pieces);
  if (merge)
    return raw.pieces.every((p) => typeof p === 'string') ? { kind: 'merge', ...merge } : null;
  const tokens = tokenize(raw.pieces);
  if (plain(tokens[0])?.toUpperCase() !== 'IF') return null;
  const operator = tokens[2]?.operator ? plain(tokens[2]) : null;
  if (!operator || !OPERATORS.has(operator)) return null;
  let end = 4;
  while (end < tokens.length && end < 6 && !isSwitch(tokens[end])) end++;
  const [left, right, then, otherwise] = [
    wordText(tokens[1]),
    wordText(tokens[3]),
    wordText(tokens[4] && end > 4 ? tokens[4] : undefined),
    wordText(tokens[5] && end > 5 ? tokens[5] : undefined),
  ];
  const switches = readSwitches(tokens.slice(end));
  if (!left || !right || !tokens[3] || !then || !otherwise || !switches) return null;
  return { kind: 'if', left, operator, right, then, otherwise, switches };
}

function isSwitch(token: Token): boolean {
  const word = plain(token);
  return !token.quoted && word !== null && word.startsWith('\\');
}
