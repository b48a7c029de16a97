// A room's work in arrival order: each task starts after every task queued before it has settled, so a
// message is handled against the session as the previous message's (awaited) database write left it, and
// nothing is acknowledged before its own write. A failed task does not stop the ones after it.

export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;

  /** Runs `task` after the tasks queued before it; settles with its result. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.queued++;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.queued--,
      () => this.queued--,
    );
    return result;
  }

  /** Tasks queued or running. */
  get size(): number {
    return this.queued;
  }
}
