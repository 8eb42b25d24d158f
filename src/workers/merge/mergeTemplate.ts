// A template compiled for the merged document: its main part without the final section
// properties (each row's section break carries them), checked to have a body. Built once per
// template by the worker's cache (templateCache.ts) and only read by the merges that use it.
import { compileTemplate, readPart, type CompiledTemplate } from '../template';
import { nextPageSectPr, restartFootnotes, splitFinalSectPr } from './sections';

export interface MergeTemplate {
  readonly template: CompiledTemplate;
  /** The section properties each row's section ends with (a next-page break). */
  readonly sectPr: string;
  /** Whether the body itself references headers or footers (a template with its own sections). */
  readonly referencesInBody: boolean;
}

/** Why a template cannot be merged, checked before the first row (so no row is blamed for it). */
function templateProblem(main: string, xml: string): string | null {
  if (!/<(?:\w+:)?body\b/.test(xml) || !xml.includes('</w:body>'))
    return `the main document ${main} has no <w:body> element`;
  return null;
}

export function prepareMergeTemplate(buffer: ArrayBuffer): MergeTemplate {
  let finalSectPr: string | null = null;
  let referencesInBody = false;
  let footnotes = false;
  let problem: string | null = null;
  const template = compileTemplate(buffer, (zip, { main }) => {
    const xml = readPart(zip, main) ?? '';
    problem = templateProblem(main, xml);
    const split = splitFinalSectPr(xml);
    finalSectPr = split.finalSectPr;
    referencesInBody = /<w:(?:header|footer)Reference\b/.test(split.xml);
    footnotes = split.xml.includes('<w:footnoteReference');
    zip.file(main, split.xml);
  });
  if (problem) throw new Error(`Failed to create merged document: ${problem}`);
  const sectPr = nextPageSectPr(finalSectPr);
  return { template, sectPr: footnotes ? restartFootnotes(sectPr) : sectPr, referencesInBody };
}
