import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Graceful shutdown for a Node HTTP server: `close()` stops accepting and resolves once every
 * connection is gone. Connections without a request in flight (kept-alive ones, and fresh ones
 * that have not sent a request yet, which Node's closeIdleConnections leaves open) are ended at
 * once; a request still running gets `Connection: close` on its answer, and its connection is
 * ended right after it. `closeAll()` destroys the rest (when the drain limit is up).
 */
export function gracefulCloser(server: Server) {
  const running = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  server.on('connection', (socket: Socket) => {
    running.set(socket, new Set());
    socket.once('close', () => running.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const answers = running.get(socket) ?? new Set<ServerResponse>();
    running.set(socket, answers);
    answers.add(res);
    if (closing) res.shouldKeepAlive = false;
    res.once('close', () => {
      answers.delete(res);
      if (closing && answers.size === 0) socket.end();
    });
  });

  return {
    close(): Promise<void> {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const [socket, answers] of running) {
        if (answers.size === 0) socket.end();
        for (const res of answers) if (!res.headersSent) res.shouldKeepAlive = false;
      }
      return closed;
    },
    closeAll(): void {
      for (const socket of running.keys()) socket.destroy();
    },
  };
}
