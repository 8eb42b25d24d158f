// The four steps of "Generate Tagihan Voice" (docs/product.md#screens, #flows, #input-rules, #messages). All docx/xlsx work is done by
// injected actors (the worker bridge in the app, fakes in tests); the download is an injected
// action. The machine never touches the DOM. Cancel leaves the working state: that stops its
// actor, and a stopped actor's call is aborted (its worker ended when the call runs there).
// The setup is in setup.ts, each flow in its own module, what the screen reads in selectors.ts.
import { assign } from 'xstate';
import { initialGeneratorContext } from './context';
import { filesFlow } from './files';
import { filterFlow } from './filter';
import { generateFlow } from './generate';
import { previewFlow } from './preview';
import { picturesFlow } from './pictures';
import { messages } from './rules';
import { rowsFlow } from './rows';
import { sendFlow } from './send';
import { generatorSetup } from './setup';

export const generatorMachine = generatorSetup.createMachine({
  id: 'generator',
  context: initialGeneratorContext,
  initial: 'ready',
  on: { ...generateFlow.root, ...picturesFlow.root, ...filterFlow.root },
  states: {
    ready: {
      initial: 'idle',
      states: {
        idle: {},
        /** An export success message is on screen until messageTimeout. */
        exportMessage: {
          after: { messageTimeout: { target: 'idle', actions: 'clearSuccess' } },
        },
        /** The reset message is on screen until resetMessageTimeout. */
        resetMessage: {
          after: { resetMessageTimeout: { target: 'idle', actions: 'clearSuccess' } },
        },
      },
      on: {
        ...filesFlow.on,
        ...rowsFlow,
        ...previewFlow.on,
        ...generateFlow.on,
        ...picturesFlow.on,
        ...sendFlow.on,
        'generator.reset': {
          target: '.resetMessage',
          actions: [
            'dropFilter',
            assign(({ context }) => ({
              ...initialGeneratorContext,
              pdfAvailable: context.pdfAvailable,
              qrisPayload: context.qrisPayload,
              success: messages.reset,
            })),
          ],
        },
      },
    },
    ...filesFlow.states,
    ...previewFlow.states,
    ...generateFlow.states,
    ...picturesFlow.states,
    ...sendFlow.states,
  },
});

export type GeneratorMachine = typeof generatorMachine;
