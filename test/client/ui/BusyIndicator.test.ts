// The "computing…" note's timing with a hand-driven clock: nothing for work under 150 ms, shown after 150 ms,
// kept at least 300 ms once shown, one note for overlapping work, and results and errors passed through.
import { describe, expect, it } from 'vitest';
import { BusyIndicator, type BusyTimers } from '../../../client/ui/BusyIndicator.ts';

function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const api: BusyTimers = {
    setTimeout: (fn, ms) => {
      timers.set(nextId, { at: now + ms, fn });
      return nextId++;
    },
    clearTimeout: (id) => timers.delete(id as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = end;
  };
  return { api, advance, pending: () => timers.size };
}

function setup() {
  const clock = fakeClock();
  const events: string[] = [];
  const busy = new BusyIndicator(
    {
      show: () => events.push(`show@${clock.api.now()}`),
      hide: () => events.push(`hide@${clock.api.now()}`),
    },
    clock.api,
  );
  return { busy, clock, events };
}

describe('BusyIndicator', () => {
  it('shows nothing for work that ends within 150 ms', () => {
    const { busy, clock, events } = setup();
    const done = busy.begin();
    clock.advance(149);
    done();
    clock.advance(1000);
    expect(events).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('shows after 150 ms and hides when the work ends, no sooner than 300 ms after showing', () => {
    const { busy, clock, events } = setup();
    const done = busy.begin();
    clock.advance(200);
    expect(busy.visible).toBe(true);
    done();
    expect(events).toEqual(['show@150']);
    clock.advance(1000);
    expect(events).toEqual(['show@150', 'hide@450']);
    expect(busy.visible).toBe(false);
  });

  it('hides at once when the work outlasts the minimum, and a second done() changes nothing', () => {
    const { busy, clock, events } = setup();
    const done = busy.begin();
    clock.advance(900);
    done();
    done();
    expect(events).toEqual(['show@150', 'hide@900']);
  });

  it('keeps one note for overlapping work until the last piece ends, and cancels a pending hide', () => {
    const { busy, clock, events } = setup();
    const first = busy.begin();
    clock.advance(100);
    const second = busy.begin();
    clock.advance(100);
    first();
    clock.advance(100);
    second();
    clock.advance(50); // hide due at 450
    const third = busy.begin();
    clock.advance(1000);
    third();
    expect(events).toEqual(['show@150', 'hide@1350']);
  });

  it('track() passes results and errors through and ends the work either way', async () => {
    const { busy, clock, events } = setup();
    await expect(busy.track(Promise.resolve(42))).resolves.toBe(42);
    await expect(busy.track(Promise.reject(new Error('evaluation failed')))).rejects.toThrow(
      'evaluation failed',
    );
    clock.advance(1000);
    expect(events).toEqual([]);
  });
});
