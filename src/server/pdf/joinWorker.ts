// The PDF join's thread (docs/pdf-chunks.md): the chunks' files in, the joined file written, its
// size and pages out. pdf-lib parses and copies every page (about 0.5 ms a page: 5 s for 10,000),
// which on the event loop would stall every other request for that long.
import { parentPort } from 'node:worker_threads';
import { errorText } from '../../domain/text/errorText';
import { joinPdfs } from './join';
import type { JoinAnswer, JoinRequest } from './joinInThread';

parentPort!.once('message', (request: JoinRequest) => {
  joinPdfs(request.files, request.output).then(
    (joined) => parentPort!.postMessage({ kind: 'joined', ...joined } satisfies JoinAnswer),
    (error: unknown) =>
      parentPort!.postMessage({ kind: 'failed', message: errorText(error) } satisfies JoinAnswer),
  );
});
