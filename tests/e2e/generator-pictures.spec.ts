// Pictures per row in the browser (issue 34): a template with a placeholder picture whose alt text
// is {%qr:Portal} and an image typed as {%Logo}, a workbook naming each row's logo file, and the
// images chosen next to it as a zip. The preview warns about a row whose image is missing; the
// merged document shows each row's QR code, decoded back from its media part; bad image files are
// refused with a message naming them, leaving the page as it was.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { expect, test } from './support/fixtures';
import { inlinePicture, pictureTemplate, textParagraph } from '../support/pictureDocx';
import { picturesOf, sectionBodies } from '../support/pictureOutput';
import { decodeQr } from '../support/qrDecode';
import { qrPicture } from '../../src/workers/pictures';

test.use({ signedIn: true });

const LOGO = qrPicture('LOGO', 720_000).bytes;
const ROWS = [
  ['INV-001', 'PT Maju Jaya', 'https://portal.example/inv-001', 'logo.png'],
  ['INV-002', 'CV Sentosa', 'https://portal.example/inv-002', 'missing.png'],
  ['INV-003', 'UD Makmur', 'https://portal.example/inv-003', 'LOGO'],
];

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'e2e-pictures-'));
  writeFileSync(
    path.join(dir, 'tagihan.docx'),
    Buffer.from(
      pictureTemplate({
        body:
          textParagraph('Tagihan {Nomor} untuk {Nama}') +
          `<w:p>${inlinePicture('{%qr:Portal}', 1, 3)}</w:p>` +
          textParagraph('{%Logo}'),
      }),
    ),
  );
  const sheet = XLSX.utils.aoa_to_sheet([['Nomor', 'Nama', 'Portal', 'Logo'], ...ROWS]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Tagihan');
  writeFileSync(
    path.join(dir, 'tagihan.xlsx'),
    XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }),
  );
  const zip = new PizZip();
  zip.file('logos/logo.png', LOGO);
  writeFileSync(path.join(dir, 'logos.zip'), zip.generate({ type: 'nodebuffer' }));
  writeFileSync(path.join(dir, 'evil.png'), 'this is text, not a picture');
  const bomb = new PizZip();
  bomb.file('a.png', new Uint8Array(6 * 1024 * 1024));
  bomb.file('b.png', new Uint8Array(6 * 1024 * 1024));
  writeFileSync(
    path.join(dir, 'bomb.zip'),
    bomb.generate({ type: 'nodebuffer', compression: 'DEFLATE' }),
  );
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('each row’s QR code and logo, a warning for a missing image, bad images refused', async ({
  page,
}) => {
  // The worker's first start and the merge take long on a busy machine.
  test.setTimeout(240_000);
  await page.goto('/invoice-document-generator');
  await page.getByLabel('DOCX Template').setInputFiles(path.join(dir, 'tagihan.docx'));
  await expect(page.getByLabel('DOCX Template')).toBeEnabled({ timeout: 60_000 });
  await page.getByLabel('Excel Data').setInputFiles(path.join(dir, 'tagihan.xlsx'));
  await expect(page.getByText('Selected: 3 / 3 rows')).toBeVisible({ timeout: 60_000 });
  const images = page.getByLabel('Images (.zip, .png, .jpg)');
  await images.setInputFiles(path.join(dir, 'logos.zip'));
  await expect(page.getByTestId('chosen-images')).toContainText('1 image: logos/logo.png', {
    timeout: 30_000,
  });

  // The mapping step lists both pictures as fields of kind Image, mapped by their column.
  await expect(page.getByRole('combobox', { name: 'qr:Portal', exact: true })).toHaveValue(
    'Portal',
  );
  await expect(page.getByRole('combobox', { name: 'image:Logo', exact: true })).toHaveValue('Logo');
  await expect(page.getByText('QR code of this column')).toBeVisible();
  await expect(page.getByText('Image file named in this column')).toBeVisible();

  // Row 2 names an image the zip does not hold.
  const preview = page.getByRole('region', { name: 'Data preview' });
  await expect(preview.getByRole('img', { name: 'Image not found: missing.png' })).toBeVisible();
  await expect(preview.getByRole('img', { name: /Image not found/ })).toHaveCount(1);

  // A text file named .png: refused, naming it; the images chosen before stay, nothing else changes.
  await images.setInputFiles(path.join(dir, 'evil.png'));
  const alert = page.locator('.gen-messages').getByRole('alert');
  await expect(alert).toHaveText(
    'Error reading images: "evil.png" is not a PNG, JPEG or GIF image (its content was checked, not its name).',
  );
  await expect(page.getByTestId('chosen-images')).toContainText('1 image: logos/logo.png');
  await expect(page.getByText('Selected: 3 / 3 rows')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'qr:Portal', exact: true })).toHaveValue(
    'Portal',
  );

  // A zip bomb: refused before anything is unpacked.
  await images.setInputFiles(path.join(dir, 'bomb.zip'));
  await expect(alert).toHaveText(
    'Error reading images: "bomb.zip" would unpack to more than 10 MB, so it was not opened (it looks like a zip bomb).',
  );
  await expect(page.getByTestId('chosen-images')).toContainText('1 image: logos/logo.png');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Generate Merged Document (3 sections)' }).click(),
  ]);
  await expect(
    page.getByText('Successfully generated merged document with 3 sections'),
  ).toBeVisible();
  await expect(page.locator('.gen-messages')).toContainText(
    'image:Logo: no picture for 1 row (first at row 2: "missing.png" is not among the images chosen)',
  );
  const zip = new PizZip(readFileSync(await download.path()));
  const drawings = picturesOf(zip, 'word/document.xml');
  const bodies = sectionBodies(zip);
  for (let s = 0; s < ROWS.length; s++) {
    const inSection = drawings.filter((p) => bodies[s].includes(`id="${p.docPrId}"`));
    expect(await decodeQr(inSection[0].bytes)).toEqual([ROWS[s][2]]);
    // Rows 1 and 3 show the logo (one media part for both); row 2 has none.
    expect(inSection.slice(1).map((p) => p.media)).toEqual(s === 1 ? [] : [drawings[1].media]);
  }
});
