// Pictures per row on the page's side (docs/pictures.md): the images chosen next to the data file,
// read and checked by the worker (a refused set leaves the page as it was, the images chosen before
// included), the column of the invoice number a QRIS carries, and the static QRIS the page read
// from the company settings.
import { assign } from 'xstate';
import { matchScore } from '../../domain/generator/automap';
import { pictureFieldOf } from '../../domain/word/pictureField';
import { generatorSetup } from './setup';
import type { ChosenFile, GeneratorContext } from './types';
import { errorText } from '../../domain/text/errorText';

/** The files the images input takes: zips of images, and images. */
export const IMAGE_FILE_TYPES = ['.zip', '.png', '.jpg', '.jpeg', '.gif'] as const;

export const pictureMessages = {
  invalidImages: 'Please select images (.zip, .png, .jpg, .jpeg or .gif)',
  readImages: (detail: string) => `Error reading images: ${detail}`,
  imagesCancelled: 'Reading the images cancelled',
  needInvoiceColumn: 'Choose the column with the invoice number for the QRIS.',
} as const;

/** Why chosen image files are refused before they are read (their names); null when they may be. */
export function checkImageFiles(files: readonly ChosenFile[]): string | null {
  if (files.length === 0) return pictureMessages.invalidImages;
  const accepted = (name: string) => IMAGE_FILE_TYPES.some((t) => name.toLowerCase().endsWith(t));
  return files.every((file) => accepted(file.name)) ? null : pictureMessages.invalidImages;
}

/** Whether the template has a QRIS field. */
export function hasQrisField(context: Pick<GeneratorContext, 'placeholders'>): boolean {
  return context.placeholders.some((p) => pictureFieldOf(p)?.kind === 'qris');
}

/** Names a column of invoice numbers is often given, in Indonesian and English. */
const INVOICE_NAMES = [
  'nomor tagihan',
  'no tagihan',
  'nomor invoice',
  'no invoice',
  'invoice number',
  'invoice no',
  'nomor faktur',
  'invoice',
];

/** The column most likely to hold invoice numbers, or '' when none is named like one. */
export function invoiceColumnOf(headers: readonly string[]): string {
  let best = { column: '', score: 59 };
  for (const column of headers)
    for (const name of INVOICE_NAMES) {
      const score = matchScore(name, column);
      if (score > best.score) best = { column, score };
    }
  return best.column;
}

/** The invoice number's column: the one chosen, else the one named like it ('' when none). */
export function qrisInvoiceColumn(
  context: Pick<GeneratorContext, 'qrisInvoiceColumn' | 'headers'>,
): string {
  return context.headers.includes(context.qrisInvoiceColumn)
    ? context.qrisInvoiceColumn
    : invoiceColumnOf(context.headers);
}

/** Why Generate cannot run for the pictures (a QRIS field without an invoice column), or null. */
export function pictureBlocker(
  context: Pick<GeneratorContext, 'placeholders' | 'qrisInvoiceColumn' | 'headers'>,
): string | null {
  return hasQrisField(context) && qrisInvoiceColumn(context) === ''
    ? pictureMessages.needInvoiceColumn
    : null;
}

export const picturesFlow = {
  /** Transitions of the ready state. */
  on: generatorSetup.createStateConfig({
    on: {
      'generator.imagesChosen': [
        { guard: 'imagesAccepted', target: 'readingImages', actions: assign({ error: '' }) },
        {
          // Refused by their names: the message says so, the images chosen before stay.
          actions: assign(({ event }) => ({ error: checkImageFiles(event.files) ?? '' })),
        },
      ],
      'generator.qrisInvoiceColumnChanged': {
        guard: 'isKnownInvoiceColumn',
        actions: assign(({ event }) => ({ qrisInvoiceColumn: event.column })),
      },
    },
  }).on,
  /** Transitions of every state. */
  root: generatorSetup.createStateConfig({
    on: {
      'generator.qrisPayload': {
        actions: assign(({ event }) => ({ qrisPayload: event.payload })),
      },
    },
  }).on,
  states: {
    readingImages: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: {
        src: 'readImages',
        input: ({ event }) => ({
          files: event.type === 'generator.imagesChosen' ? event.files : [],
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            imageFiles: [...event.output.files],
            imageNames: [...event.output.names],
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            error: pictureMessages.readImages(errorText(event.error)),
          })),
        },
      },
      on: {
        'generator.cancel': {
          target: 'ready',
          actions: assign({ warning: pictureMessages.imagesCancelled }),
        },
      },
    }),
  },
};
