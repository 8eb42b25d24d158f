import type { ValueFormat } from '../../domain/valueFormat';

// Word's mail-merge templates (fields made in the Mailings tab) hold MERGEFIELD fields, not
// `{tags}`. Before a template is compiled, each MERGEFIELD becomes the tag of its name, in one run
// with the formatting of the field's shown result, so the analysis lists it like a tag, the
// mapping, formats and preview treat it alike, and the merged document holds plain text: no field
// code, no «Name» placeholder, nothing Word updates when the file opens.
// Both forms Word writes are read: `w:fldSimple w:instr="…"` and complex fields (a `begin`
// fldChar, the instruction in one or more instrText runs, `separate`, the result runs, `end`).

/** Fields whose work the generator does not do: their last result in the template stays. */
const NOT_FILLED = new Set([
  'ASK',
  'FILLIN',
  'NEXT',
  'NEXTIF',
  'SKIPIF',
  'DATABASE',
  'INCLUDETEXT',
  'INCLUDEPICTURE',
  'MERGEREC',
  'MERGESEQ',
  'IF',
  'SET',
  'LINK',
  'DDE',
  'DDEAUTO',
]);

interface MergeFieldConversion {
  xml: string;
  /** Names of the MERGEFIELDs turned into tags, in reading order (repeats included). */
  fields: string[];
  /** Field types found that are left as their last result (`IF`, `ASK`, …), once each. */
  notFilled: string[];
  /** The format a field's switch asks for, by field name (the first field of a name decides). */
  formats: Record<string, ValueFormat>;
}

/** Splits a field instruction into words; a quoted word keeps its spaces (`"Nama Pelanggan"`). */
function instructionWords(instruction: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (let m = re.exec(instruction); m; m = re.exec(instruction)) {
    words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  }
  return words;
}

/** The field name of a MERGEFIELD instruction, or null when it is another field. */
export function mergeFieldName(instruction: string): string | null {
  const [kind, name] = instructionWords(instruction.trim());
  if (kind?.toUpperCase() !== 'MERGEFIELD' || !name || name.startsWith('\\')) return null;
  return name.trim() || null;
}

/**
 * The value format a MERGEFIELD's switches ask for, as the mapping step's Format control names
 * them: `\* Upper` → UPPER CASE, a `\#` number picture → Rupiah when it shows `Rp`, else Number
 * (both with Indonesian separators), a `\@` date picture → Date (`23 November 2025`).
 */
export function switchFormat(instruction: string): ValueFormat | null {
  const words = instructionWords(instruction.trim()).slice(2);
  for (let i = 0; i < words.length; i++) {
    const m = /^\\([*#@])(.*)$/.exec(words[i]);
    if (!m) continue;
    const argument = m[2] !== '' ? m[2] : (words[i + 1] ?? '');
    if (m[1] === '*' && argument.toUpperCase() === 'UPPER') return 'upper';
    if (m[1] === '#') return /rp/i.test(argument) ? 'rupiah' : 'number';
    if (m[1] === '@') return 'date';
  }
  return null;
}

function fieldKind(instruction: string): string {
  return (instructionWords(instruction.trim())[0] ?? '').toUpperCase();
}

const decodeXml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&');

const encodeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The run that stands for a field: its name as a tag, in the given run properties. */
function tagRun(name: string, runProperties: string): string {
  return `<w:r>${runProperties}<w:t xml:space="preserve">{${encodeXml(name)}}</w:t></w:r>`;
}

/** The first `<w:rPr>` of a run that shows text in `xml`, else the first `<w:rPr>` at all. */
function resultProperties(xml: string): string {
  const runs = xml.match(/<w:r\b[^>]*>[\s\S]*?<\/w:r>/g) ?? [];
  const shown = runs.find((run) => /<w:t\b/.test(run)) ?? runs[0] ?? '';
  return /<w:rPr>[\s\S]*?<\/w:rPr>/.exec(shown)?.[0].replace(/<w:noProof\/>/g, '') ?? '';
}

/** What the conversion finds on its way: fields, fields it leaves, and formats asked for. */
class Found {
  readonly fields: string[] = [];
  readonly notFilled = new Set<string>();
  readonly formats: Record<string, ValueFormat> = Object.create(null);

  field(name: string, instruction: string): void {
    this.fields.push(name);
    const format = switchFormat(instruction);
    if (format && !Object.hasOwn(this.formats, name)) this.formats[name] = format;
  }

  other(instruction: string): void {
    const kind = fieldKind(instruction);
    if (NOT_FILLED.has(kind)) this.notFilled.add(kind);
  }
}

interface Replacement {
  start: number;
  end: number;
  text: string;
}

function convertSimpleFields(xml: string, found: Found): Replacement[] {
  const replacements: Replacement[] = [];
  const re = /<w:fldSimple\b([^>]*?)(\/>|>([\s\S]*?)<\/w:fldSimple>)/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const instr = /\bw:instr="([^"]*)"/.exec(m[1]);
    if (!instr) continue;
    const instruction = decodeXml(instr[1]);
    const name = mergeFieldName(instruction);
    if (name === null) {
      found.other(instruction);
      continue;
    }
    found.field(name, instruction);
    replacements.push({
      start: m.index,
      end: m.index + m[0].length,
      text: tagRun(name, resultProperties(m[3] ?? '')),
    });
  }
  return replacements;
}

interface OpenField {
  beginRun: number;
  instruction: string;
  separateRunEnd: number;
  nested: boolean;
}

/** Where the run holding the element at `at` starts and ends. */
function runAround(xml: string, at: number): { start: number; end: number } {
  let start = at;
  for (;;) {
    start = xml.lastIndexOf('<w:r', start - 1);
    if (start < 0) return { start: at, end: at };
    const next = xml[start + 4];
    if (next === '>' || next === ' ') break;
  }
  const close = xml.indexOf('</w:r>', at);
  return { start, end: close < 0 ? at : close + '</w:r>'.length };
}

function convertComplexFields(xml: string, found: Found): Replacement[] {
  const replacements: Replacement[] = [];
  const stack: OpenField[] = [];
  const re =
    /<w:fldChar\b[^>]*\bw:fldCharType="(begin|separate|end)"[^>]*?\/?>|<w:instrText\b[^>]*>([\s\S]*?)<\/w:instrText>|<w:instrText\b[^>]*\/>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const top = stack.at(-1);
    if (m[1] === 'begin') {
      if (top) top.nested = true;
      stack.push({
        beginRun: runAround(xml, m.index).start,
        instruction: '',
        separateRunEnd: -1,
        nested: false,
      });
    } else if (m[1] === 'separate') {
      if (top) top.separateRunEnd = runAround(xml, m.index).end;
    } else if (m[1] === 'end') {
      if (!top) continue;
      stack.pop();
      const end = runAround(xml, m.index).end;
      const name = mergeFieldName(top.instruction);
      if (name === null || top.nested || stack.length > 0) {
        found.other(top.instruction);
        continue;
      }
      const span = xml.slice(top.beginRun, end);
      // A field that crosses a paragraph is left as Word wrote it.
      if (span.includes('</w:p>')) continue;
      const result = top.separateRunEnd >= 0 ? xml.slice(top.separateRunEnd, end) : span;
      found.field(name, top.instruction);
      replacements.push({ start: top.beginRun, end, text: tagRun(name, resultProperties(result)) });
    } else if (top && top.separateRunEnd < 0) {
      top.instruction += decodeXml(m[2] ?? '');
    }
  }
  if (stack.length > 0) {
    const name = mergeFieldName(stack[0].instruction);
    throw new Error(
      `Template syntax error: the field ${name ? `MERGEFIELD ${name}` : `"${stack[0].instruction.trim()}"`} never ends. Open the template in Word, press Alt+F9 to show field codes, and delete or re-insert that field.`,
    );
  }
  return replacements;
}

/** Turns every MERGEFIELD of a part's XML into the tag of its name. */
export function convertMergeFields(xml: string): MergeFieldConversion {
  const found = new Found();
  if (!/w:fldSimple|w:fldChar/.test(xml)) {
    return { xml, fields: [], notFilled: [], formats: found.formats };
  }
  const replacements = [
    ...convertSimpleFields(xml, found),
    ...convertComplexFields(xml, found),
  ].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const r of replacements) {
    if (r.start < at) continue;
    out += xml.slice(at, r.start) + r.text;
    at = r.end;
  }
  out += xml.slice(at);
  return {
    xml: out,
    fields: found.fields,
    notFilled: [...found.notFilled],
    formats: found.formats,
  };
}
