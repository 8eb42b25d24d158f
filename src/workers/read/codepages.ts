// SheetJS decodes the text of legacy .xls files (BIFF2–BIFF5, each string in the code page the
// file names: 1251 Cyrillic, 1255 Hebrew, 1253 Greek…) only when its code-page tables are loaded;
// without them every non-Latin character reads as '?'-like mojibake. The tables are large
// (≈470 kB), so only the generator worker imports this module (build.mjs keeps xlsx out of the
// main bundle).
import { set_cptable } from 'xlsx';
// The module namespace is what SheetJS's own docs pass (utils.decode/encode are what it calls).
import * as cptable from 'xlsx/dist/cpexcel.full.mjs';

set_cptable(cptable);
