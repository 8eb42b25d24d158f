import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { columnLetter } from '../../domain/sheet/columnLetter';
import { wallClock, type ExportColumn, type ExportTable } from './table';

// A minimal SpreadsheetML workbook written as a stream: one sheet whose XML is produced a batch
// of rows at a time and deflated into the zip (yazl) as it comes. Texts are inline strings (no
// shared-string table to hold in memory); numbers are numbers with thousands grouping; dates
// are real Excel dates in the caller's time zone.

const STYLE = { header: 1, number: 2, date: 3 } as const;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

// Styles: 0 default, 1 bold header, 2 '#,##0', 3 'dd/mm/yyyy hh:mm' (docs/product.md#limits's date and time).
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

/** Characters XML 1.0 cannot carry are dropped; the five special ones escaped. */
export function xmlText(text: string): string {
  return (
    text
      // XML 1.0 allows tab, line feed and carriage return and nothing else below U+0020.
      // eslint-disable-next-line no-control-regex
      .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** Days since 1899-12-30 (Excel's serial date) of a wall-clock time. */
function excelSerial(t: NonNullable<ReturnType<typeof wallClock>>): number {
  const ms = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return ms / 86_400_000 + 25_569;
}

function textCell(ref: string, text: string, style = 0): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  const s = style ? ` s="${style}"` : '';
  return `<c r="${ref}" t="inlineStr"${s}><is><t${space}>${xmlText(text)}</t></is></c>`;
}

function cell<Row>(column: ExportColumn<Row>, row: Row, ref: string, timeZone: string): string {
  const value = column.value(row);
  if (value === null || value === '') return '';
  if (column.kind === 'number' && typeof value === 'number' && Number.isFinite(value))
    return `<c r="${ref}" s="${STYLE.number}"><v>${value}</v></c>`;
  if (column.kind === 'date') {
    const t = wallClock(String(value), timeZone);
    return t ? `<c r="${ref}" s="${STYLE.date}"><v>${excelSerial(t)}</v></c>` : '';
  }
  return textCell(ref, String(value));
}

async function* sheetXml<Row>(table: ExportTable<Row>): AsyncGenerator<Buffer> {
  const widths = table.columns
    .map((c, i) => {
      const width = c.kind === 'date' ? 18 : c.kind === 'number' ? 16 : 28;
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const header = table.columns
    .map((c, i) => textCell(`${columnLetter(i)}1`, c.header, STYLE.header))
    .join('');
  yield Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData><row r="1">${header}</row>`,
  );
  const letters = table.columns.map((_, i) => columnLetter(i));
  let r = 1;
  for await (const batch of table.batches) {
    let xml = '';
    for (const row of batch) {
      r += 1;
      const cells = table.columns
        .map((c, i) => cell(c, row, `${letters[i]}${r}`, table.timeZone))
        .join('');
      xml += `<row r="${r}">${cells}</row>`;
    }
    yield Buffer.from(xml);
  }
  yield Buffer.from('</sheetData></worksheet>');
}

/** The table as an .xlsx byte stream; the sheet is deflated while its rows are still being read. */
export function xlsxStream<Row>(table: ExportTable<Row>): Readable {
  const zip = new ZipFile();
  const sheetName = xmlText(table.sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const mtime = new Date();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml', { mtime });
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels', { mtime });
  zip.addBuffer(Buffer.from(workbook), 'xl/workbook.xml', { mtime });
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels', { mtime });
  zip.addBuffer(Buffer.from(STYLES), 'xl/styles.xml', { mtime });
  const sheet = Readable.from(sheetXml(table));
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { mtime });
  zip.end();
  const out = zip.outputStream as Readable;
  // A failure while reading rows (the database went away) ends the download instead of hanging it.
  sheet.once('error', (error) => out.destroy(error));
  return out;
}
