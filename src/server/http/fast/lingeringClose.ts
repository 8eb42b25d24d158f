import type { Socket } from 'node:net';
import type { Context } from 'hono';

/** How long a refused upload may keep sending after its 413 before the socket goes. */
const LINGER_MS = 2_000;
/** … and how much of it is read and dropped meanwhile. */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;

const LINGERING = Symbol('lingering');

/**
 * A refused request whose body is still arriving: answer, then close gracefully. Node closes a
 * `Connection: close` socket with destroySoon() as soon as the answer is written; the client's
 * next bytes then hit a closed socket, the kernel answers with a reset, and the client often
 * loses the 413 it had not read yet. Instead the socket sends FIN after the answer and keeps
 * reading (and dropping) what the client still sends, until the client stops, LINGER_MAX_BYTES
 * or LINGER_MS — the "lingering close" of nginx and Apache.
 */
export function closeAfterAnswer(c: Context): void {
  c.header('Connection', 'close');
  const socket = (c.env as { incoming?: { socket?: Socket } } | undefined)?.incoming?.socket;
  if (!socket || (socket as Socket & { [LINGERING]?: true })[LINGERING]) return;
  (socket as Socket & { [LINGERING]?: true })[LINGERING] = true;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    let dropped = 0;
    const done = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(done, LINGER_MS);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_MAX_BYTES) done();
    });
    this.once('end', done);
    this.once('close', () => clearTimeout(timer));
    this.end();
    this.resume();
  };
}
