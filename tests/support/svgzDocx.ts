// A .docx whose "PNG" is a gzip-compressed SVG that draws a file of the server's by a file: URL:
// LibreOffice sniffs gzip → SVG whatever the part's name, and its SVG importer loads file: URLs.
import { gzipSync } from 'node:zlib';
import { buildPackage, drawing, paragraph } from './linkedDocx';

/** The SVG, gzip-compressed, pointing at each of `files` (pictures) by an absolute file: URL. */
export function svgzPointingAt(files: string[]): Buffer {
  const images = files
    .map(
      (file, i) =>
        `<image x="0" y="${i * 40}" width="82" height="38" xlink:href="file://${file}"/>`,
    )
    .join('');
  return gzipSync(
    `<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="${files.length * 40}">${images}</svg>`,
  );
}

/** The document: a line of text and the svgz, stored as word/media/image1.png, embedded (r:embed). */
export function svgzDocument(files: string[], text = 'Invoice with a picture'): Buffer {
  return buildPackage({
    body: paragraph(text) + `<w:p>${drawing({ embed: 'rIdImage' })}</w:p>`,
    relations: [{ id: 'rIdImage', type: 'image', target: 'media/image1.png' }],
    parts: { 'word/media/image1.png': svgzPointingAt(files) },
  });
}
