// Why a body is not a Word document we convert: the server's 4xx answers, and later the page's notices.

export const DOCX_MESSAGES = {
  notZip: 'The file is not a Word document (.docx): it is not a zip package.',
  notDocx:
    'The file is not a Word document (.docx): it has no Word document part ([Content_Types].xml and a WordprocessingML main part).',
  damaged: 'The Word document is damaged: its zip structure cannot be read.',
  encrypted:
    'The Word document is encrypted or uses an unsupported compression; save it again in Word and retry.',
  tooManyParts: 'The Word document has more than 65,535 parts, which LibreOffice cannot open.',
  tooLarge: 'The Word document unpacks to more than the size limit.',
  partTooLarge: 'A part of the Word document unpacks to more than the size limit for one part.',
  tooComplex: 'A part of the Word document holds more XML elements than can be checked.',
  doctype: 'The Word document contains an XML document type declaration, which Word never writes.',
  encoding: 'A part of the Word document is not UTF-8 XML.',
} as const;

export type DocxRefusal = keyof typeof DOCX_MESSAGES;

/** Thrown by the package reader and the sanitiser; `reason` names the rule, the message says it. */
export class DocxRefusedError extends Error {
  override readonly name = 'DocxRefusedError';
  constructor(readonly reason: DocxRefusal) {
    super(DOCX_MESSAGES[reason]);
  }
}
