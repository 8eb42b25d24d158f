// LibreOffice as the reference for "As in sheet": converts workbooks between formats and renders
// their first sheet to CSV as the cells show (the "save cell contents as shown" option), in an
// Indonesian locale set in a profile of its own, so it neither meets another run's profile nor
// depends on the machine's locale.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parseDelimited } from '../../src/workers/read/csv';

const run = promisify(execFile);

const PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>id-ID</value></prop></item>
</oor:items>
`;

/** Comma, double quote, UTF-8, from line 1, Indonesian, cells as shown. */
const CSV_FILTER = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1057,false,true,true';

export interface LibreOffice {
  /** Writes `files` (name → bytes) and converts each to `target` (`xls`, `ods`, or a filter). */
  convert(files: Record<string, Uint8Array>, target: string): Promise<Record<string, Uint8Array>>;
  /** Each file's first sheet as LibreOffice shows its cells. */
  shownCells(files: Record<string, Uint8Array>): Promise<Record<string, string[][]>>;
  close(): Promise<void>;
}

export async function libreOffice(): Promise<LibreOffice> {
  const dir = await mkdtemp(path.join(tmpdir(), 'di-cells-'));
  await mkdir(path.join(dir, 'profile', 'user'), { recursive: true });
  await writeFile(path.join(dir, 'profile', 'user', 'registrymodifications.xcu'), PROFILE);
  const profile = pathToFileURL(path.join(dir, 'profile')).href;
  let batch = 0;
  async function convert(files: Record<string, Uint8Array>, target: string) {
    const inDir = path.join(dir, `in${batch}`);
    const outDir = path.join(dir, `out${batch++}`);
    await mkdir(inDir);
    const names = Object.keys(files);
    for (const name of names) await writeFile(path.join(inDir, name), files[name]);
    await run(
      'soffice',
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--convert-to',
        target,
        '--outdir',
        outDir,
        ...names.map((name) => path.join(inDir, name)),
      ],
      { timeout: 120_000 },
    );
    const extension = target.split(':')[0];
    const out: Record<string, Uint8Array> = {};
    for (const name of names) {
      const base = name.replace(/\.[^.]+$/, '');
      out[name] = new Uint8Array(await readFile(path.join(outDir, `${base}.${extension}`)));
    }
    return out;
  }
  return {
    convert,
    async shownCells(files) {
      // Distinct base names, so `a.xlsx` and `a.xls` do not write the same `a.csv`.
      const renamed: Record<string, Uint8Array> = {};
      const names = Object.keys(files);
      names.forEach(
        (name, i) =>
          (renamed[`${i}-${name.replaceAll('.', '_')}.${name.split('.').pop()}`] = files[name]),
      );
      const csv = await convert(renamed, CSV_FILTER);
      const shown: Record<string, string[][]> = {};
      Object.keys(renamed).forEach((name, i) => {
        shown[names[i]] = parseDelimited(new TextDecoder().decode(csv[name]), ',');
      });
      return shown;
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
