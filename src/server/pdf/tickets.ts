// Places in the converter: PDF_WORKERS slots plus a line of PDF_QUEUE, of which one user holds at
// most PDF_USER_CONCURRENCY (docs/converter-walls.md). A ticket is taken before the body is read,
// so a full line costs the server nothing, and `withTicket` gives it back however the work ends.

/** A place in the pool or its line, held by one user. */
export interface Ticket {
  readonly id: number;
  readonly user: string;
}

/** No place: the whole line is full (`pool`) or this user already holds their share (`user`). */
export class PdfBusyError extends Error {
  override readonly name = 'PdfBusyError';
  constructor(
    readonly reason: 'pool' | 'user',
    readonly retryAfterSeconds: number,
    readonly limit: number,
  ) {
    super(reason === 'pool' ? 'the PDF converter is full' : `more than ${limit} conversions`);
  }
}

export class Tickets {
  private readonly held = new Map<number, Ticket>();
  private readonly perUser = new Map<string, number>();
  private next = 1;

  constructor(
    private readonly capacity: () => number,
    private readonly perUserLimit: number,
    private readonly retryAfter: () => number,
    private readonly onChange: () => void = () => {},
  ) {}

  get size(): number {
    return this.held.size;
  }

  heldBy(user: string): number {
    return this.perUser.get(user) ?? 0;
  }

  /** A ticket, or PdfBusyError saying whose limit was reached. */
  admit(user: string): Ticket {
    if (this.heldBy(user) >= this.perUserLimit)
      throw new PdfBusyError('user', this.retryAfter(), this.perUserLimit);
    if (this.held.size >= this.capacity())
      throw new PdfBusyError('pool', this.retryAfter(), this.capacity());
    const ticket: Ticket = { id: this.next++, user };
    this.held.set(ticket.id, ticket);
    this.perUser.set(user, this.heldBy(user) + 1);
    this.onChange();
    return ticket;
  }

  /** Gives a ticket back; a second release of the same ticket does nothing. */
  release(ticket: Ticket): void {
    if (!this.held.delete(ticket.id)) return;
    const left = this.heldBy(ticket.user) - 1;
    if (left > 0) this.perUser.set(ticket.user, left);
    else this.perUser.delete(ticket.user);
    this.onChange();
  }

  /** Runs `work` holding a ticket of `user`'s, released when it ends, succeeded or not. */
  async withTicket<T>(user: string, work: (ticket: Ticket) => Promise<T>): Promise<T> {
    const ticket = this.admit(user);
    try {
      return await work(ticket);
    } finally {
      this.release(ticket);
    }
  }
}
