// The preview's row filter (Filter rows in step 2): the worker searches its copy of the rows, so the
// page never scans 50,000 rows itself. Typing waits FILTER_DELAY_MS (each keystroke would otherwise
// search them all); only the answer to the latest text is kept. It runs in every state: the
// search is a child spawned beside whatever runs, never an abort of it (ending a worker call
// would end the worker and its parsed workbook), so a stale search is stopped and its answer
// dropped.
import { assign, cancel, raise, spawnChild, stopChild } from 'xstate';
import { dataSource } from './selectors';
import { generatorSetup } from './setup';

/** Typing pauses this long before the worker searches. */
export const FILTER_DELAY_MS = 150;
const DELAY_ID = 'rowFilterDelay';
const CHILD_ID = 'rowFilter';

export const filterFlow = {
  /** Transitions of every state. */
  root: generatorSetup.createStateConfig({
    on: {
      'generator.filterChanged': [
        {
          guard: 'isSearchableFilter',
          actions: [
            cancel(DELAY_ID),
            // The rows shown stay until the answer to the new text arrives.
            assign(({ context, event }) => ({ filter: { ...context.filter, query: event.query } })),
            raise({ type: 'generator.filterSearch' }, { id: DELAY_ID, delay: FILTER_DELAY_MS }),
          ],
        },
        {
          // No text (or no rows): every row shows at once.
          actions: [
            cancel(DELAY_ID),
            stopChild(CHILD_ID),
            assign(({ event }) => ({ filter: { query: event.query, matches: null } })),
          ],
        },
      ],
      'generator.filterSearch': {
        guard: 'isSearchableFilter',
        actions: [
          stopChild(CHILD_ID),
          spawnChild('filterRows', {
            id: CHILD_ID,
            input: ({ context }) => ({
              data: dataSource(context),
              query: context.filter.query.trim(),
            }),
          }),
        ],
      },
      'generator.filtered': {
        guard: ({ context, event }) => event.query === context.filter.query.trim(),
        actions: assign(({ context, event }) => ({
          filter: { ...context.filter, matches: event.matches },
        })),
      },
    },
  }).on,
};
