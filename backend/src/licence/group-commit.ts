/** What one member of a batch came to: its value, or the error it alone answers. */
export type Outcome<O> = { value: O } | { error: unknown };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Group commit: the first request with nothing in flight runs at once (no added latency at low
 * load); those that arrive while a batch is in flight wait and go together in the next one (at
 * most `maxBatch`), so many share one transaction and one WAL flush. `run` answers one outcome per
 * item, in order; when it throws, every member gets that error (callers retry one by one inside
 * `run` instead, so one bad request never fails the others).
 */
export class GroupCommit<I, O> {
  private readonly queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly run: (items: I[]) => Promise<Outcome<O>[]>,
    private readonly maxBatch: number,
    private readonly maxInFlight = 1,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running < this.maxInFlight) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running += 1;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.maxBatch);
        let outcomes: Outcome<O>[];
        try {
          outcomes = await this.run(batch.map((m) => m.item));
        } catch (error) {
          outcomes = batch.map(() => ({ error }));
        }
        batch.forEach((member, i) => {
          const outcome = outcomes[i] ?? { error: new Error('group commit: no outcome') };
          if ('value' in outcome) member.resolve(outcome.value);
          else member.reject(outcome.error);
        });
        // One turn of the event loop before the next group: callers that send their next request
        // as soon as they are answered join it (without it, one that resubmitted meanwhile went
        // alone, and the group's members waited for the group after: groups of 1 and 31).
        await nextTurn();
      }
    } finally {
      this.running -= 1;
    }
  }
}
