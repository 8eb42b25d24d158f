// A real SMTP server in the test process (smtp-server) that behaves per recipient: addresses
// starting with `reject` get 550, `bounce` 550 on the first try only (the mailbox fixed since),
// `later` always 451, `flaky` 451 on the first try, `drop` loses
// its connection in the middle of DATA on the first try; everything else is accepted. Every
// accepted message is parsed with mailparser (unless `parse` is false: the bench only counts).
import type { Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  received: ParsedMail[];
  /** Messages answered 250. */
  readonly accepted: number;
  /** RCPT TO lines answered, by address. */
  attempts: Map<string, number>;
  close(): Promise<void>;
}

/** `delayMs`: how long each message is held before the 250 answer (a slow server). */
export async function startSmtpSink(delayMs = 0, parse = true): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  let accepted = 0;
  const attempts = new Map<string, number>();
  const sockets = new Map<number, Socket>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      const n = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, n);
      if (to.startsWith('reject') || (to.startsWith('bounce') && n === 1)) {
        const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
        return callback(error);
      }
      if (to.startsWith('later') || (to.startsWith('flaky') && n === 1)) {
        const error = Object.assign(new Error('4.2.1 Mailbox busy, try later'), {
          responseCode: 451,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const drop = to.some((a) => a.startsWith('drop')) && (attempts.get(to[0]) ?? 0) === 1;
      if (drop) {
        stream.once('data', () => sockets.get(session.remotePort)?.destroy());
        stream.resume();
        return;
      }
      const answer = () => {
        accepted++;
        setTimeout(() => callback(null, 'Message queued as test'), delayMs);
      };
      if (!parse) {
        stream.on('end', answer);
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          answer();
        })
        .catch(callback);
    },
  });
  const inner = (server as unknown as { server: import('node:net').Server }).server;
  inner.on('connection', (socket: Socket) => {
    sockets.set(socket.remotePort!, socket);
    socket.on('error', () => {}); // a reset by a killed client is not the test's failure
    socket.once('close', () => sockets.delete(socket.remotePort!));
  });
  // A client killed mid-session (kill -9 of a node) resets its socket; smtp-server reports that
  // on the server object, where an unheard 'error' would end the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (inner.address() as import('node:net').AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    get accepted() {
      return accepted;
    },
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
