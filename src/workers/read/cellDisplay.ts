// "As in sheet": a number cell's text as Excel and LibreOffice show it in an Indonesian locale
// (docs/values.md). SheetJS applies the cell's own number format (`z`) the en-US way; this module
// turns that into the Indonesian display: separators swapped, month and day names in Indonesian,
// the locale's short date (dd/mm/yyyy) for Excel's built-in date formats.
import * as XLSX from 'xlsx';

/** Excel's built-in short date (id 14) and short date-time (id 22) follow the reader's locale. */
const LOCALE_FORMATS: Record<string, string> = {
  'm/d/yy': 'dd/mm/yyyy',
  'm/d/yy h:mm': 'dd/mm/yyyy h:mm',
  'm/d/yyyy': 'dd/mm/yyyy',
  'm/d/yyyy h:mm': 'dd/mm/yyyy h:mm',
};

const MONTHS_LONG: Record<string, string> = {
  January: 'Januari',
  February: 'Februari',
  March: 'Maret',
  May: 'Mei',
  June: 'Juni',
  July: 'Juli',
  August: 'Agustus',
  October: 'Oktober',
  December: 'Desember',
};
const MONTHS_SHORT: Record<string, string> = { May: 'Mei', Aug: 'Agu', Oct: 'Okt', Dec: 'Des' };
const DAYS_LONG: Record<string, string> = {
  Sunday: 'Minggu',
  Monday: 'Senin',
  Tuesday: 'Selasa',
  Wednesday: 'Rabu',
  Thursday: 'Kamis',
  Friday: 'Jumat',
  Saturday: 'Sabtu',
};
const DAYS_SHORT: Record<string, string> = {
  Sun: 'Min',
  Mon: 'Sen',
  Tue: 'Sel',
  Wed: 'Rab',
  Thu: 'Kam',
  Fri: 'Jum',
  Sat: 'Sab',
};
const LONG_NAMES =
  /\b(?:January|February|March|May|June|July|August|October|December|Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)\b/g;
const SHORT_NAMES = /\b(?:May|Aug|Oct|Dec|Sun|Mon|Tue|Wed|Thu|Fri|Sat)\b/g;

/** The part of a format that is not quoted text nor an escaped character. */
function formatCode(format: string): string {
  return format.replace(/"[^"]*"|\\./g, '');
}

/** Month or day names the format writes (mmm, dddd…) said in Indonesian. */
function indonesianNames(text: string): string {
  return text
    .replace(LONG_NAMES, (name) => MONTHS_LONG[name] ?? DAYS_LONG[name] ?? name)
    .replace(SHORT_NAMES, (name) => MONTHS_SHORT[name] ?? DAYS_SHORT[name] ?? name);
}

/** A number without a format (General): every digit, a decimal comma. */
export function generalNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
  // Excel keeps 15 significant digits; this drops binary noise such as 0.30000000000000004.
  return String(Number(n.toPrecision(15))).replace('.', ',');
}

/**
 * A number as its cell's format shows it in an Indonesian locale: '"Rp"#,##0' → 'Rp1.234.567',
 * '0.00%' → '12,50%', 'dd/mm/yyyy' → '31/10/2025', 'd mmmm yyyy' → '31 Oktober 2025'. A format
 * SheetJS cannot apply gives the General text.
 */
export function formattedNumber(value: number, format: string | undefined): string {
  if (format === undefined) return generalNumber(value);
  const own = LOCALE_FORMATS[format] ?? format;
  try {
    let text = String(XLSX.SSF.format(own, value));
    const code = formatCode(own);
    if (XLSX.SSF.is_date(own)) return /[mM]{3}|[dD]{3}/.test(code) ? indonesianNames(text) : text;
    // A negative that rounds to zero shows without its sign, as LibreOffice shows it (`0,0`).
    if (text.startsWith('-') && !/[1-9]/.test(text)) text = text.slice(1);
    return text.replace(/(?<=\d)[.,](?=\d)/g, (separator) => (separator === ',' ? '.' : ','));
  } catch {
    return generalNumber(value);
  }
}

const ERROR_TEXT: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

/** SheetJS gives date cells (from readers that make them) as UTC instants; Excel counts days from 1899-12-30. */
function dateSerial(date: Date): number {
  return (date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** A number cell's own format, unless it is General (which shows the plain number). */
export function numberFormatOf(cell: XLSX.CellObject): string | undefined {
  const z = cell.z;
  return typeof z === 'string' && z !== '' && z !== 'General' ? z : undefined;
}

/**
 * A cell as the sheet shows it (docs/values.md): the text the preview and merge use. A number
 * cell that brings its own text (an .ods file stores what LibreOffice showed; a CSV field is the
 * text as written) keeps it; other number cells get their format applied.
 */
export function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v == null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v).trim();
    case 'n':
      return typeof cell.w === 'string'
        ? cell.w.trim()
        : formattedNumber(cell.v as number, numberFormatOf(cell)).trim();
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date
        ? formattedNumber(dateSerial(cell.v), 'dd/mm/yyyy')
        : String(cell.v).trim();
    case 'e':
      return ERROR_TEXT[cell.v as number] ?? '#ERROR';
    default:
      return String(cell.v).trim();
  }
}
