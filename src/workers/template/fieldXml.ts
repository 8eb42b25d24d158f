// Where Word's fields sit in a part's XML: the run around a field character, the simple fields
// that belong to a complex field's instruction. Used by mergeFields.ts.

/** Where the run holding the element at `at` starts and ends. */
export function runAround(xml: string, at: number): { start: number; end: number } {
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

/**
 * Where the simple fields inside a complex field's instruction start: they are part of that
 * field (convertComplexFields), never filled on their own.
 */
export function simpleFieldsInInstructions(xml: string): Set<number> {
  const starts = new Set<number>();
  if (!xml.includes('w:fldChar')) return starts;
  /** Per open complex field: true while its instruction is being read. */
  const open: boolean[] = [];
  const re = /<w:fldChar\b[^>]*\bw:fldCharType="(begin|separate|end)"|<w:fldSimple\b[^>]*?(\/?)>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (m[1] === 'begin') open.push(true);
    else if (m[1] === 'separate') open[open.length - 1] = false;
    else if (m[1] === 'end') open.pop();
    else if (open.at(-1)) {
      starts.add(m.index);
      // What it shows is no part of the instruction: reading goes on after it.
      const close = m[2] ? -1 : xml.indexOf('</w:fldSimple>', re.lastIndex);
      if (close >= 0) re.lastIndex = close + '</w:fldSimple>'.length;
    }
  }
  return starts;
}
