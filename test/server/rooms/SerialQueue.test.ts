// SerialQueue: tasks run one at a time in the order queued, each after the previous has settled (async
// ones included), and a failure is reported to its caller without stopping the tasks after it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../../../server/rooms/SerialQueue.ts';

const tick = (n: number) => new Promise<void>((r) => setTimeout(r, n));

describe('SerialQueue', () => {
  it('runs tasks of any durations strictly in queue order, never two at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }),
        async (delays) => {
          const q = new SerialQueue();
          const log: string[] = [];
          let running = 0;
          const results = await Promise.all(
            delays.map((d, i) =>
              q.run(async () => {
                running++;
                expect(running).toBe(1);
                log.push(`start ${i}`);
                if (d > 0) await tick(d);
                log.push(`end ${i}`);
                running--;
                return i;
              }),
            ),
          );
          expect(results).toEqual(delays.map((_, i) => i));
          expect(log).toEqual(delays.flatMap((_, i) => [`start ${i}`, `end ${i}`]));
          expect(q.size).toBe(0);
        },
      ),
      { numRuns: 30, seed: 16 },
    );
  });

  it('a failing task rejects its own promise and the next task still runs', async () => {
    const q = new SerialQueue();
    const failed = q.run(async () => {
      throw new Error('write failed');
    });
    const next = q.run(() => 'ran');
    await expect(failed).rejects.toThrow('write failed');
    await expect(next).resolves.toBe('ran');
  });
});
