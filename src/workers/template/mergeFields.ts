import type { ValueFormat } from '../../domain/values/valueFormat';
import {
  fieldNames,
  hasSwitches,
  WORD_FIELD_KEY_PREFIX,
  type CompiledWordField,
  type WordField,
} from '../../domain/word/wordField';
import { fieldLanguage, type FieldLanguage } from '../../domain/values/wordPicture';
import { fieldKind, readMergeField, readWordField, type RawField } from './fieldInstruction';
import { runAround, simpleFieldsInInstructions } from './fieldXml';

// Word's mail-merge templates (fields made in the Mailings tab) hold MERGEFIELD fields, not
// `{tags}`. Before a template is compiled, each MERGEFIELD becomes the tag of its name, in one run
// with the formatting of the field's shown result, so the analysis lists it like a tag, the
// mapping, formats and preview treat it alike, and the merged document holds plain text: no field
// code, no «Name» placeholder, nothing Word updates when the file opens.
// Both forms Word writes are read: `w:fldSimple w:instr="…"` and complex fields (a `begin`
// fldChar, the instruction in one or more instrText runs, `separate`, the result runs, `end`).
// A MERGEFIELD with switches (`\# "#.##0"`, `\* Upper`…) and an IF field become a tag of a key of
// their own (WORD_FIELD_KEY_PREFIX), whose value the merge evaluates per row (domain/word/wordField).

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

export interface MergeFieldOptions {
  /** The language of the document's text (styles.xml), for fields whose runs name none. */
  readonly lang?: FieldLanguage;
  /** Numbers the Word-field keys across the parts of one package. */
  readonly keys?: { next: number };
  /** The part's name in the package, for messages (`word/header1.xml`). */
  readonly part?: string;
}

interface MergeFieldConversion {
  xml: string;
  /** Names of the MERGEFIELDs filled, in reading order (repeats included). */
  fields: string[];
  /** Field types found that are left as their last result (`IF`, `ASK`, …), once each. */
  notFilled: string[];
  /** 'field' for each name a switch formats: the starting choice of its Format control. */
  formats: Record<string, ValueFormat>;
  /** The fields that stand as tags of their own key (switches, IF), by key. */
  wordFields: Record<string, CompiledWordField>;
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

/** The text of an instruction without its nested fields, for messages. */
const instructionText = (raw: RawField): string =>
  raw.pieces.map((p) => (typeof p === 'string' ? p : '{…}')).join('');

/** What the conversion finds on its way: fields, fields it leaves, formats and Word fields. */
class Found {
  readonly fields: string[] = [];
  readonly notFilled = new Set<string>();
  readonly formats: Record<string, ValueFormat> = Object.create(null);
  readonly wordFields: Record<string, CompiledWordField> = Object.create(null);

  constructor(
    private readonly lang: FieldLanguage,
    private readonly keys: { next: number },
  ) {}

  /** The tag that stands for a field read from `raw`, or null when the field stays as it is. */
  tagOf(raw: RawField, runProperties: string): string | null {
    const merge = raw.pieces.every((p) => typeof p === 'string')
      ? readMergeField(raw.pieces)
      : null;
    if (merge && !hasSwitches(merge.switches)) {
      this.fields.push(merge.name);
      return merge.name;
    }
    const field = merge ? ({ kind: 'merge', ...merge } as const) : readWordField(raw);
    if (!field) {
      this.other(raw);
      return null;
    }
    this.noteSwitches(field);
    this.fields.push(...fieldNames(field));
    const lang = /<w:lang\b[^>]*\bw:val="([^"]+)"/.exec(runProperties);
    const key = `${WORD_FIELD_KEY_PREFIX}${this.keys.next++}`;
    this.wordFields[key] = { field, lang: lang ? fieldLanguage(lang[1]) : this.lang };
    return key;
  }

  private noteSwitches(field: WordField | string): void {
    if (typeof field === 'string') return;
    if (field.kind === 'merge') {
      if (hasSwitches(field.switches)) this.formats[field.name] = 'field';
      return;
    }
    for (const piece of [...field.left, ...field.right, ...field.then, ...field.otherwise])
      this.noteSwitches(piece);
  }

  /** A field left as its result: its type, and those of the fields nested in it, are named. */
  other(raw: RawField): void {
    const kind = fieldKind(raw.pieces);
    if (NOT_FILLED.has(kind)) this.notFilled.add(kind);
    for (const piece of raw.pieces) if (typeof piece !== 'string') this.other(piece);
  }
}

interface Replacement {
  start: number;
  end: number;
  text: string;
}

function convertSimpleFields(xml: string, found: Found): Replacement[] {
  const replacements: Replacement[] = [];
  const inInstructions = simpleFieldsInInstructions(xml);
  const re = /<w:fldSimple\b([^>]*?)(\/>|>([\s\S]*?)<\/w:fldSimple>)/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (inInstructions.has(m.index)) continue;
    const instr = /\bw:instr="([^"]*)"/.exec(m[1]);
    if (!instr) continue;
    const properties = resultProperties(m[3] ?? '');
    const tag = found.tagOf({ pieces: [decodeXml(instr[1])] }, properties);
    if (tag === null) continue;
    replacements.push({
      start: m.index,
      end: m.index + m[0].length,
      text: tagRun(tag, properties),
    });
  }
  return replacements;
}

interface OpenField {
  beginRun: number;
  pieces: (string | RawField)[];
  separateRunEnd: number;
  /** The fields in this field's shown result: filled only when this field is left as it is. */
  inResult: ClosedField[];
}

/** A field read to its end: where it is, and the fields of its result. */
interface ClosedField extends OpenField {
  raw: RawField;
  end: number;
}

function convertComplexFields(xml: string, found: Found, part?: string): Replacement[] {
  const replacements: Replacement[] = [];
  const stack: OpenField[] = [];
  /**
   * A field becomes a tag; one left as Word wrote it (a field that crosses a paragraph, one the
   * generator does not evaluate) is named, and the fields of its shown result are filled, so
   * its result shows the row's values, never «Name» (docs/wordfields.md).
   */
  const settle = (field: ClosedField): void => {
    const span = xml.slice(field.beginRun, field.end);
    const result = field.separateRunEnd >= 0 ? xml.slice(field.separateRunEnd, field.end) : span;
    const properties = resultProperties(result);
    const crosses = span.includes('</w:p>');
    if (crosses) found.other(field.raw);
    const tag = crosses ? null : found.tagOf(field.raw, properties);
    if (tag !== null) {
      replacements.push({ start: field.beginRun, end: field.end, text: tagRun(tag, properties) });
      return;
    }
    for (const inner of field.inResult) settle(inner);
  };
  const re =
    /<w:fldChar\b[^>]*\bw:fldCharType="(begin|separate|end)"[^>]*?\/?>|<w:instrText\b[^>]*>([\s\S]*?)<\/w:instrText>|<w:instrText\b[^>]*\/>|<w:fldSimple\b([^>]*?)(\/?)>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const top = stack.at(-1);
    if (m[3] !== undefined) {
      // A simple field inside another's instruction (Word writes `IF { MERGEFIELD x } = …` so
      // when the inner field was inserted from the Mailings tab) is a field of that instruction;
      // its shown «x» is no part of it, so reading goes on after it. Elsewhere
      // convertSimpleFields fills it.
      const instr = /\bw:instr="([^"]*)"/.exec(m[3]);
      if (!top || top.separateRunEnd >= 0 || !instr) continue;
      top.pieces.push({ pieces: [decodeXml(instr[1])] });
      const close = m[4] ? -1 : xml.indexOf('</w:fldSimple>', re.lastIndex);
      if (close >= 0) re.lastIndex = close + '</w:fldSimple>'.length;
    } else if (m[1] === 'begin') {
      const beginRun = runAround(xml, m.index).start;
      stack.push({ beginRun, pieces: [], separateRunEnd: -1, inResult: [] });
    } else if (m[1] === 'separate') {
      if (top) top.separateRunEnd = runAround(xml, m.index).end;
    } else if (m[1] === 'end') {
      if (!top) continue;
      stack.pop();
      const closed = { ...top, raw: { pieces: top.pieces }, end: runAround(xml, m.index).end };
      const parent = stack.at(-1);
      // A field in another's instruction is part of it; one in another's result goes with it.
      if (parent && parent.separateRunEnd < 0) parent.pieces.push(closed.raw);
      else if (parent) parent.inResult.push(closed);
      else settle(closed);
    } else if (top && top.separateRunEnd < 0) {
      const text = decodeXml(m[2] ?? '');
      const last = top.pieces.length - 1;
      if (typeof top.pieces[last] === 'string') top.pieces[last] += text;
      else top.pieces.push(text);
    }
  }
  if (stack.length > 0) {
    const open = { pieces: stack[0].pieces };
    const name = readMergeField(open.pieces)?.name;
    throw new Error(
      `Template syntax error: the field ${name ? `MERGEFIELD ${name}` : `"${instructionText(open).trim()}"`} never ends${part ? ` (${part})` : ''}. Open the template in Word, press Alt+F9 to show field codes, and delete or re-insert that field.`,
    );
  }
  return replacements;
}

/** Turns every MERGEFIELD (and IF) of a part's XML into a tag. */
export function convertMergeFields(
  xml: string,
  options: MergeFieldOptions = {},
): MergeFieldConversion {
  const found = new Found(options.lang ?? 'en', options.keys ?? { next: 0 });
  if (!/w:fldSimple|w:fldChar/.test(xml)) {
    return { xml, fields: [], notFilled: [], formats: found.formats, wordFields: found.wordFields };
  }
  const replacements = [
    ...convertSimpleFields(xml, found),
    ...convertComplexFields(xml, found, options.part),
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
    wordFields: found.wordFields,
  };
}
