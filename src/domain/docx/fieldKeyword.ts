// A field's keyword as LibreOffice reads it (docs/sanitiser.md): its importer splits the
// instruction like `splitFieldCommand` in writerfilter, where `"INCLUDETEXT"` and
// `\INCLUDEPICTURE` name the same fields as the bare words, in any case.

/** Fields that read other files or programs when updated. */
const FETCHING_FIELDS = new Set([
  'INCLUDETEXT',
  'INCLUDE',
  'INCLUDEPICTURE',
  'IMPORT',
  'LINK',
  'DDE',
  'DDEAUTO',
  'DATABASE',
  'RD',
]);

const asciiUpper = (text: string) => text.replace(/[a-z]+/g, (s) => s.toUpperCase());

/** One token from `at`, as writerfilter's lcl_ExtractToken: spaces split, quotes group, \\ escapes. */
function extractToken(command: string, at: number): { token: string | null; next: number } {
  let token = '';
  let quoted = false;
  for (let i = at; i < command.length; i++) {
    const ch = command[i];
    if (ch === '\\') {
      if (i === command.length - 1) return { token: null, next: i + 1 };
      const next = command[i + 1];
      if (quoted || next === '\\') {
        token += next;
        i++;
      } else if (token === '') return { token: asciiUpper(command.slice(i, i + 2)), next: i + 2 };
      else return { token, next: i };
    } else if (ch === '"') {
      if (quoted || token !== '') return { token, next: quoted ? i + 1 : i };
      quoted = true;
    } else if (ch === ' ') {
      if (quoted) token += ' ';
      else if (token !== '') return { token, next: i + 1 };
    } else token += ch;
  }
  return { token: token === '' ? null : token, next: command.length };
}

/** The keyword LibreOffice takes from a field's instruction: its first non-empty token, upper case. */
export function libreOfficeKeyword(command: string): string {
  // A backslash before the keyword is skipped, as Word does (tdf#54584).
  let at = command.length >= 2 && command[0] === '\\' && !'\\ '.includes(command[1]) ? 1 : 0;
  while (at < command.length) {
    const { token, next } = extractToken(command, at);
    if (next <= at) break;
    at = next;
    if (token) return asciiUpper(token);
  }
  return '';
}

/** The first word after any white space, quotes and backslashes: Word's reading, more lenient. */
function looseKeyword(command: string): string {
  return /^[\s"\\]*([a-z]+)/i.exec(command)?.[1]?.toUpperCase() ?? '';
}

export function isFetchingInstruction(instruction: string): boolean {
  return (
    FETCHING_FIELDS.has(libreOfficeKeyword(instruction)) ||
    FETCHING_FIELDS.has(looseKeyword(instruction))
  );
}

/** Pieces of an instruction by where they came from; a field fetches if any reading says so. */
export interface InstructionPieces {
  /** w:instrText and the results of fields nested in the instruction. */
  codes: string;
  /** The same with deleted text (w:delText, w:delInstrText) kept in. */
  withDeleted: string;
}

export const fetches = (pieces: InstructionPieces) =>
  isFetchingInstruction(pieces.codes) || isFetchingInstruction(pieces.withDeleted);
