// `npm run sim -- train` as a user runs it: the DESIGN.md §4.4 example on standard input.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function sim(input: unknown): Promise<{ code: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/sim/cli.ts', 'train'], { cwd: ROOT });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code: code ?? -1, json: JSON.parse(stdout) as Record<string, unknown> });
      } catch (e) {
        reject(new Error(`sim train printed no JSON (exit ${code}): ${stdout} ${String(e)}`));
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}

const EXAMPLE = {
  model: { layers: 96, hidden: 12288, heads: 96, seq: 2048, vocab: 51200 },
  hardware: { preset: 'a100-80gb', devicesPerNode: 8 },
  parallel: {
    tp: 8,
    pp: 8,
    dp: 8,
    globalBatch: 1536,
    microBatch: 1,
    schedule: '1f1b',
    virtualStages: 1,
    recompute: 'full',
    sequenceParallel: false,
    zeroStage: 0,
  },
  precision: 'bf16-mixed',
};

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
