// Log lines that clients can cause (a refused WebSocket, a thrown handler) are rate-limited so that nobody can
// flood the log or the disk (issue 10, item 8): per key (the line's first 80 characters), at most `max` lines
// in any window of `windowMs`; what was dropped is counted and reported once, with the next line let through.
export interface LogSink {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  trace(...args: unknown[]): void;
}

interface Window {
  startMs: number;
  lines: number;
  dropped: number;
}

const KEY_CHARS = 80;
/** Keys kept at once; a flood of distinct lines falls back to one shared key. */
const MAX_KEYS = 1000;

export class ThrottledLog implements LogSink {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly sink: LogSink = console,
    private readonly max = 20,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  error = (...args: unknown[]): void => this.write('error', args);
  warn = (...args: unknown[]): void => this.write('warn', args);
  info = (...args: unknown[]): void => this.write('info', args);
  debug = (...args: unknown[]): void => this.sink.debug(...args);
  trace = (...args: unknown[]): void => this.sink.trace(...args);

  private write(level: 'error' | 'warn' | 'info', args: unknown[]): void {
    const first = args[0];
    const text =
      first instanceof Error ? `${first.name}: ${first.message}` : typeof first === 'string' ? first : '';
    let key = `${level}:${text.slice(0, KEY_CHARS)}`;
    if (!this.windows.has(key) && this.windows.size >= MAX_KEYS) key = `${level}:(many)`;
    const now = this.now();
    let w = this.windows.get(key);
    if (w === undefined || now - w.startMs >= this.windowMs) {
      if (w !== undefined && w.dropped > 0)
        this.sink[level](`(${w.dropped} more lines like "${key.slice(level.length + 1)}" were not logged)`);
      w = { startMs: now, lines: 0, dropped: 0 };
      this.windows.set(key, w);
      if (this.windows.size > MAX_KEYS) this.prune(now);
    }
    if (w.lines >= this.max) {
      w.dropped++;
      return;
    }
    w.lines++;
    this.sink[level](...args);
  }

  private prune(now: number): void {
    for (const [k, w] of this.windows) if (now - w.startMs >= this.windowMs) this.windows.delete(k);
  }
}
