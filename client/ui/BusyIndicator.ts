// A "computing…" note for slow work (e.g. a level screen's evaluation off the main thread): shown only once
// the work has taken more than 150 ms, so quick edits never flash it, and then kept at least 300 ms.
// The note can only paint between tasks: synchronous work must be split up or moved to a worker to show it.
import type { Translate } from './translate.ts';
import '../styles/polish.css';

/** Work shorter than this shows nothing (≈ the delay people notice, Nielsen's 0.1–0.2 s). */
export const SHOW_AFTER_MS = 150;
/** Once shown, the note stays at least this long, so it does not blink. */
export const MIN_VISIBLE_MS = 300;

export interface BusyView {
  show(): void;
  hide(): void;
}

export interface BusyTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const browserTimers: BusyTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

export class BusyIndicator {
  private pending = 0;
  private showTimer: unknown = null;
  private hideTimer: unknown = null;
  private shownAt: number | null = null;

  constructor(
    private readonly view: BusyView,
    private readonly timers: BusyTimers = browserTimers,
  ) {}

  get visible(): boolean {
    return this.shownAt !== null;
  }

  /** Marks a piece of work as started; returns the function that marks it done (calling it twice is harmless). */
  begin(): () => void {
    this.pending++;
    if (this.hideTimer !== null) {
      this.timers.clearTimeout(this.hideTimer);
      this.hideTimer = null;
    }
    if (this.shownAt === null && this.showTimer === null)
      this.showTimer = this.timers.setTimeout(() => {
        this.showTimer = null;
        this.shownAt = this.timers.now();
        this.view.show();
      }, SHOW_AFTER_MS);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.end();
    };
  }

  /** Shows the note while `work` is pending (after 150 ms) and passes its result or error through. */
  async track<T>(work: Promise<T>): Promise<T> {
    const end = this.begin();
    try {
      return await work;
    } finally {
      end();
    }
  }

  private end(): void {
    this.pending--;
    if (this.pending > 0) return;
    if (this.showTimer !== null) {
      this.timers.clearTimeout(this.showTimer);
      this.showTimer = null;
    }
    if (this.shownAt === null) return;
    const left = MIN_VISIBLE_MS - (this.timers.now() - this.shownAt);
    const hide = (): void => {
      this.hideTimer = null;
      this.shownAt = null;
      this.view.hide();
    };
    if (left <= 0) hide();
    else this.hideTimer = this.timers.setTimeout(hide, left);
  }
}

/** A BusyIndicator drawing into `host`: a spinner and "Computing…" in a polite live region. */
export function mountBusyIndicator(host: HTMLElement, t: Translate): BusyIndicator {
  const note = document.createElement('div');
  note.className = 'busy';
  note.setAttribute('role', 'status');
  note.hidden = true;
  const spinner = document.createElement('span');
  spinner.className = 'busy-spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  note.append(spinner, text);
  host.append(note);
  return new BusyIndicator({
    show: () => {
      text.textContent = t('busy.computing');
      note.hidden = false;
    },
    hide: () => {
      note.hidden = true;
    },
  });
}
