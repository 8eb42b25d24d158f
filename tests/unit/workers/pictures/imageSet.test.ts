// The images chosen next to the data file: checked by their bytes, their sizes and their zips
// before anything is unpacked; each refusal names the file at fault.
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { readImageSet } from '../../../../src/workers/pictures';
import { imageSetMessages } from '../../../../src/domain/word/imageSetMessages';
import { findImageName } from '../../../../src/domain/word/pictureField';
import { qrPicture } from '../../../../src/workers/pictures';
import { PLACEHOLDER_PNG } from '../../../support/pictureDocx';

const png = qrPicture('https://example.com', 720_000).bytes;
const gif = Uint8Array.from(
  atob('R0lGODlhAgABAIAAAAAAAP///yH5BAAAAAAALAAAAAACAAEAAAICBAoAOw=='),
  (c) => c.charCodeAt(0),
);
// A 16 × 16 JPEG: CPython's test image Lib/test/imghdrdata/python.jpg (PSF licence).
const jpeg = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCw' +
      'kJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ' +
      'EBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8' +
      'QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAEC' +
      'BQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaU' +
      'VAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/Hv' +
      'uRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2V' +
      'EhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwet' +
      'f//Z',
  ),
  (c) => c.charCodeAt(0),
);

function zipOf(
  files: Record<string, Uint8Array | string>,
  compression: 'STORE' | 'DEFLATE' = 'DEFLATE',
) {
  const zip = new PizZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data);
  return new Uint8Array(zip.generate({ type: 'uint8array', compression }));
}

describe('reading the images', () => {
  test('PNG, JPEG and GIF files and zips of them, each with its size', () => {
    const set = readImageSet([
      { name: 'qr.png', bytes: png },
      { name: 'sign.gif', bytes: gif },
      {
        name: 'logos.zip',
        bytes: zipOf({
          'logos/acme.jpg': jpeg,
          'logos/blank.png': PLACEHOLDER_PNG,
          '__MACOSX/logos/._acme.jpg': 'resource fork',
          'logos/.DS_Store': 'finder',
        }),
      },
    ]);
    expect(set.names).toEqual(['qr.png', 'sign.gif', 'logos/acme.jpg', 'logos/blank.png']);
    expect(set.find('ACME.JPG')?.picture).toMatchObject({ type: 'jpeg', width: 16, height: 16 });
    expect(set.find('sign.gif')?.picture).toMatchObject({ type: 'gif', width: 2, height: 1 });
    expect(set.find('logos/blank')?.name).toBe('logos/blank.png');
    expect(set.find('missing.png')).toBeNull();
  });

  test('a row names its image by file name, folder and case aside, or without extension when unique', () => {
    const names = ['a/Logo.PNG', 'b/sign.png', 'b/sign.gif'];
    expect(findImageName(names, 'a/Logo.PNG')).toBe('a/Logo.PNG');
    expect(findImageName(names, 'logo.png')).toBe('a/Logo.PNG');
    expect(findImageName(names, 'logo')).toBe('a/Logo.PNG');
    expect(findImageName(names, 'sign')).toBeNull();
    expect(findImageName(names, '  ')).toBeNull();
  });
});

describe('bad images are refused, naming the file', () => {
  test('a text file renamed .png', () => {
    expect(() =>
      readImageSet([{ name: 'logo.png', bytes: new TextEncoder().encode('not a picture') }]),
    ).toThrow(imageSetMessages.notImage('logo.png'));
  });

  test('a non-image inside a zip names the zip and the entry', () => {
    expect(() =>
      readImageSet([{ name: 'logos.zip', bytes: zipOf({ 'readme.png': 'hello' }) }]),
    ).toThrow(imageSetMessages.notImage('logos.zip: readme.png'));
  });

  test('a zip bomb: declared sizes past the limit are refused before inflating', () => {
    const bomb = zipOf({
      'a.png': new Uint8Array(6 * 1024 * 1024),
      'b.png': new Uint8Array(6 * 1024 * 1024),
    });
    expect(() => readImageSet([{ name: 'bomb.zip', bytes: bomb }])).toThrow(
      imageSetMessages.zipBomb('bomb.zip'),
    );
  });

  test('a zip bomb lying about its sizes stops inflating at the declared size', () => {
    const zip = zipOf({ 'a.png': new Uint8Array(4 * 1024 * 1024) });
    // Declare 1 kB for an entry that inflates to 4 MB, in both headers.
    const view = new DataView(zip.buffer);
    for (let at = 0; at < zip.length - 4; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50) view.setUint32(at + 22, 1024, true);
      if (signature === 0x02014b50) view.setUint32(at + 24, 1024, true);
    }
    expect(() => readImageSet([{ name: 'liar.zip', bytes: zip }])).toThrow(
      imageSetMessages.zipBomb('liar.zip'),
    );
  });

  test('a damaged zip', () => {
    const zip = zipOf({ 'a.png': png });
    expect(() => readImageSet([{ name: 'cut.zip', bytes: zip.slice(0, 60) }])).toThrow(
      imageSetMessages.damagedZip('cut.zip'),
    );
  });

  test('an image over 5 MB, and images over 10 MB together', () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png.subarray(0, 8));
    expect(() => readImageSet([{ name: 'big.png', bytes: big }])).toThrow(
      imageSetMessages.imageTooLarge('big.png'),
    );
    const four = new Uint8Array(4 * 1024 * 1024);
    four.set(png);
    expect(() =>
      readImageSet(['a.png', 'b.png', 'c.png'].map((name) => ({ name, bytes: four }))),
    ).toThrow(imageSetMessages.setTooLarge);
  });

  test('two images of one name', () => {
    expect(() =>
      readImageSet([
        { name: 'logo.png', bytes: png },
        { name: 'more.zip', bytes: zipOf({ 'logo.png': png }) },
      ]),
    ).toThrow(imageSetMessages.duplicate('logo.png'));
  });
});
