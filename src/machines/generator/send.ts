// Step 4's e-mail outputs (docs/delivery.md, "The page"): the settings the user edits, the
// confirmation, and the hand-over of the mails to the server by the injected sendMails actor,
// which reports where it is and how the server answered. The mails themselves are built by the
// page in slices (mail.ts mailsIn) and come with the Send event.
import { assign, emit } from 'xstate';
import { generatorSetup } from './setup';
import type { GeneratorContext, MailOutput, MailState, OutputChoice } from './types';

/** Whether the output chosen is one of the e-mail outputs. */
export function isMailOutput(output: OutputChoice): output is MailOutput {
  return output === 'mailPdf' || output === 'mailDocx';
}

/** The attachment of an e-mail output: the PDF or the .docx. */
export function mailAttachment(output: OutputChoice): 'pdf' | 'docx' {
  return output === 'mailPdf' ? 'pdf' : 'docx';
}

const mailWith = (context: GeneratorContext, change: Partial<MailState>) => ({
  mail: { ...context.mail, ...change },
});

export const sendFlow = {
  /** Transitions of the ready state. */
  on: generatorSetup.createStateConfig({
    on: {
      'generator.mailChanged': {
        actions: assign(({ context, event }) =>
          // A changed setting changes the mails: an open confirmation and an old answer go.
          mailWith(context, {
            ...event.settings,
            confirming: false,
            error: null,
            handedOver: null,
          }),
        ),
      },
      'generator.mailConfirm': {
        guard: ({ context }) => isMailOutput(context.output) && context.mail.period !== '',
        actions: assign(({ context }) =>
          mailWith(context, { confirming: true, error: null, handedOver: null }),
        ),
      },
      'generator.mailConfirmCancelled': {
        actions: assign(({ context }) => mailWith(context, { confirming: false })),
      },
      'generator.sendMails': {
        guard: ({ context, event }) =>
          context.mail.confirming &&
          isMailOutput(context.output) &&
          context.mail.period !== '' &&
          event.mails.length > 0,
        target: 'sendingMails',
        actions: assign(({ context, event }) =>
          mailWith(context, {
            error: null,
            handedOver: null,
            sending: { step: 'making', done: 0, total: event.mails.length },
          }),
        ),
      },
    },
  }).on,
  states: {
    /**
     * The mails' documents are being made and the job handed to the server. Not tagged
     * 'processing': disabling the steps restyled the whole page (one fieldset then), an 84 ms main-thread
     * task at Send (npm run bench, section delivery); the e-mail controls disable themselves.
     */
    sendingMails: generatorSetup.createStateConfig({
      invoke: {
        src: 'sendMails',
        input: ({ context, event }) => ({
          context,
          period: context.mail.period,
          replyTo: context.mail.replyTo.trim(),
          attachment: mailAttachment(context.output),
          mails: event.type === 'generator.sendMails' ? event.mails : [],
        }),
      },
      on: {
        'generator.mailProgress': {
          actions: assign(({ context, event }) => mailWith(context, { sending: event.progress })),
        },
        'generator.mailsHandedOver': [
          {
            // Every mail queued: the page opens Pengiriman for the period.
            guard: ({ event }) => event.left.length === 0,
            target: 'ready',
            actions: [
              assign(({ context }) => mailWith(context, { sending: null, confirming: false })),
              emit(({ context }) => ({
                type: 'generator.mailsQueued' as const,
                period: context.mail.period,
              })),
            ],
          },
          {
            target: 'ready',
            actions: assign(({ context, event }) =>
              mailWith(context, {
                sending: null,
                confirming: false,
                handedOver: { queued: event.queued, left: event.left },
              }),
            ),
          },
        ],
        'generator.mailsFailed': {
          target: 'ready',
          actions: assign(({ context, event }) =>
            mailWith(context, { sending: null, confirming: false, error: event.error }),
          ),
        },
        'generator.cancel': {
          target: 'ready',
          actions: assign(({ context }) => mailWith(context, { sending: null, confirming: false })),
        },
      },
    }),
  },
};
