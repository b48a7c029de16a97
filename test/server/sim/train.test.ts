// `npm run sim -- train` as a user runs it: the docs/design.md §4.4 example on standard input.
import { describe, expect, it } from 'vitest';
import { DESIGN_EXAMPLE as EXAMPLE } from '../../shared/sim/train/helpers.ts';
import { runSim } from './runSim.ts';

const sim = (input: unknown) => runSim('train', input);

describe('npm run sim -- train', () => {
  it("answers the contract's example with every field", async () => {
    const { code, json } = await sim(EXAMPLE);
    expect(code).toBe(0);
    expect(json).toMatchObject({
      parameters: 174_615_822_336,
      iterationTimeS: expect.any(Number),
      tokensPerS: expect.any(Number),
      tflopsPerDevice: { model: expect.any(Number), hardware: expect.any(Number) },
      mfu: expect.any(Number),
      bubbleFraction: expect.any(Number),
      memory: {
        perDeviceBytes: {
          params: expect.any(Number),
          grads: expect.any(Number),
          optimizer: expect.any(Number),
          activations: expect.any(Number),
          total: expect.any(Number),
        },
        capacityBytes: 80e9,
        fits: true,
        worstDevice: 0,
      },
      breakdownS: {
        compute: expect.any(Number),
        tensorComm: expect.any(Number),
        pipelineComm: expect.any(Number),
        dataComm: expect.any(Number),
        bubble: expect.any(Number),
      },
    });
    const r = json as { iterationTimeS: number; tokensPerS: number; breakdownS: Record<string, number> };
    expect(r.tokensPerS).toBeCloseTo((1536 * 2048) / r.iterationTimeS, 6);
    const parts = Object.values(r.breakdownS).reduce((a, b) => a + b, 0);
    expect(parts).toBeCloseTo(r.iterationTimeS, 6);
    expect(json).toMatchObject({
      parallelEfficiency: expect.any(Number),
      bytesPerLinkPerStep: { intra: expect.any(Number), inter: expect.any(Number) },
      collectives: expect.arrayContaining([
        expect.objectContaining({ kind: 'all-reduce', axes: ['model'], phase: 'forward', link: 'intra' }),
      ]),
    });
  });
  it('exits 2 with a ValueError for a batch that does not split', async () => {
    const { code, json } = await sim({ ...EXAMPLE, parallel: { ...EXAMPLE.parallel, globalBatch: 100 } });
    expect(code).toBe(2);
    expect(json).toMatchObject({
      error: { type: 'ValueError', message: expect.stringMatching(/globalBatch|global batch/) },
    });
  });
});
