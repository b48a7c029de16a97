// The `sim` command line as a user runs it: JSON in (file or stdin), JSON out, exit codes 0 / 2.
import { describe, expect, it } from 'vitest';
import { PUBLISHED_RUNS } from '../../../shared/sim/train/publishedRuns.ts';
import { runSim as sim } from './runSim.ts';

const CONTRACT = {
  mesh: {
    axes: [
      ['x', 4],
      ['y', 2],
    ],
  },
  op: 'einsum',
  equation: 'ij,jk->ik',
  operands: [
    { shape: [8, 32], spec: ['x', 'y'], dtype: 'f32' },
    { shape: [32, 16], spec: ['y', null] },
  ],
  out: ['x', null],
  execute: true,
};

describe('npm run sim -- shard', () => {
  it("answers the contract's example", async () => {
    const { code, json } = await sim('shard', CONTRACT);
    expect(code).toBe(0);
    expect(json).toMatchObject({
      out: { shape: [8, 16], spec: ['x', null], unreduced: [] },
      localShapes: {
        operands: [
          [2, 16],
          [16, 16],
        ],
        out: [2, 16],
      },
      collectives: [{ kind: 'all-reduce', axes: ['y'], tensor: 'out', bytesPerDevice: 128 }],
      flopsPerDevice: 1024,
      execution: { reference: 'float64', ok: true },
    });
    expect((json.execution as { maxAbsError: number }).maxAbsError).toBeLessThan(1e-5);
  });

  it.each([
    ['malformed JSON', '{"mesh": ', 'InputError', 'input/not-json'],
    [
      'a duplicate axis',
      { ...CONTRACT, operands: [{ shape: [8, 32], spec: ['x', 'x'] }, CONTRACT.operands[1]] },
      'DuplicateSpecError',
      'spec/duplicate-axis',
    ],
    ['an unknown axis', { ...CONTRACT, out: ['z', null] }, 'ValueError', 'spec/unknown-axis'],
    [
      'an indivisible dimension',
      { ...CONTRACT, operands: [{ shape: [6, 32], spec: ['x', 'y'] }, CONTRACT.operands[1]] },
      'IndivisibleError',
      'sharding/indivisible',
    ],
    [
      'a missing field',
      { mesh: CONTRACT.mesh, op: 'einsum', operands: CONTRACT.operands },
      'InputError',
      'input/field',
    ],
  ])('exits 2 with a typed error and its code for %s', async (_what, input, type, errorCode) => {
    const { code, json } = await sim('shard', input);
    expect(code).toBe(2);
    expect((json.error as { type: string }).type).toBe(type);
    expect((json.error as { code: string }).code).toBe(errorCode);
  });

  it('exits 2 for an unknown command', async () => {
    const { code, json } = await sim('cook', {});
    expect(code).toBe(2);
    expect((json.error as { message: string }).message).toContain('unknown command');
    expect((json.error as { message: string }).message).toContain('npm run sim -- help');
  });

  it("takes no property of an object for a command ('constructor')", async () => {
    const { code, json } = await sim('constructor', {});
    expect(code).toBe(2);
    expect(json.error).toMatchObject({ type: 'InputError', code: 'input/unknown-command' });
  });

  it('reports a pure reshard with no FLOPs and its one all-gather', async () => {
    const { code, json } = await sim('shard', {
      mesh: CONTRACT.mesh,
      op: 'reshard',
      operands: [{ shape: [64, 128], spec: ['x', null] }],
      out: [null, null],
    });
    expect(code).toBe(0);
    expect(json).toMatchObject({
      collectives: [{ kind: 'all-gather', axes: ['x'], tensor: 'operand0', bytesPerDevice: 24576 }],
      flopsPerDevice: 0,
    });
  });
});

describe('npm run sim -- arguments and input', () => {
  it.each([
    [
      'a missing file',
      ['train', '/no/such/dir/plan.json'],
      'input/unreadable-file',
      "could not read '/no/such/dir/plan.json': no such file",
    ],
    ['a directory', ['train', '/'], 'input/unreadable-file', "could not read '/': it is a directory"],
    ['an option', ['train', '--foo'], 'input/unknown-option', "unknown option '--foo'"],
    ['an option before the command', ['--verbose', 'train'], 'input/unknown-option', "'--verbose'"],
    ['a second file', ['train', 'a.json', 'extra'], 'input/extra-argument', "unexpected argument 'extra'"],
    [
      'help on an unknown command',
      ['help', 'nonsense'],
      'input/unknown-command',
      "unknown command 'nonsense'",
    ],
    ['help with two commands', ['help', 'train', 'shard'], 'input/extra-argument', "'shard'"],
    ['no command', [], 'input/unknown-command', 'usage: npm run sim -- <command> [file]'],
  ])('refuses %s with exit 2 and its own code', async (_what, args, errorCode, fragment) => {
    const { code, json } = await sim(args, '{}');
    expect(code).toBe(2);
    expect(json.error).toMatchObject({ type: 'InputError', code: errorCode });
    expect((json.error as { message: string }).message).toContain(fragment);
  });

  it("reads a document larger than a pipe's buffer from a pipe, whole", async () => {
    // 300 KB: more than the 64 KiB a pipe holds, so it arrives in pieces.
    const { code, json } = await sim('taste', { model: { name: 'a'.repeat(300_000) }, mesh: CONTRACT.mesh });
    expect(code).toBe(2);
    expect(json.error).toMatchObject({ type: 'ValueError', code: 'model/unknown' });
    expect((json.error as { message: string }).message).toContain('(300,000 characters)');
  });

  it('repeats at most 80 characters of a 20 MB value in its error', async () => {
    const doc = {
      model: { layers: 96, hidden: 12288, heads: 96, seq: 2048, vocab: 51200 },
      hardware: { preset: 'x'.repeat(20_000_000) },
      parallel: { tp: 8, pp: 8, dp: 8, globalBatch: 1536, microBatch: 1 },
    };
    const { code, json } = await sim('train', doc);
    expect(code).toBe(2);
    expect(json.error).toMatchObject({ type: 'ValueError', code: 'hardware/unknown' });
    expect((json.error as { message: string }).message).toMatch(
      /^Unknown hardware "x{80}…" \(20,000,000 characters\)\. Known hardware: a100-40gb,/,
    );
  });
});

describe('npm run sim -- help', () => {
  it('lists every command with what it does, and exits 0', async () => {
    for (const args of [['help'], ['--help'], ['-h']]) {
      const { code, json } = await sim(args, '');
      expect(code).toBe(0);
      expect(Object.keys(json.commands as object)).toEqual([
        'shard',
        'taste',
        'train',
        'validate',
        'level',
        'levels',
        'export',
      ]);
      for (const summary of Object.values(json.commands as Record<string, string>))
        expect(summary.length).toBeGreaterThan(20);
      expect(json.usage).toBe('npm run -s sim -- <command> [file]');
    }
  });
  it('after a command, or naming one, gives that command alone (not a file named --help)', async () => {
    for (const args of [
      ['validate', '--help'],
      ['help', 'validate'],
    ]) {
      const { code, json } = await sim(args, '');
      expect(code).toBe(0);
      expect(Object.keys(json.commands as object)).toEqual(['validate']);
    }
  });
});

describe('npm run sim -- taste', () => {
  it('tastes the article demo (W1 by columns, W2 by rows) and reports its collectives', async () => {
    const { code, json } = await sim('taste', {
      model: { name: 'mlp2' },
      mesh: { axes: [['model', 4]] },
      inShardings: { w1: [null, 'model'], w2: ['model', null] },
    });
    expect(code).toBe(0);
    expect(json.ok).toBe(true);
    // pred is [2, 4] f32 = 32 B on every device; a ring all-reduce over 4 sends 2·(3/4)·32 = 48 B each.
    expect(json.collectives).toEqual([
      expect.objectContaining({
        kind: 'all-reduce',
        axes: ['model'],
        tensor: 'pred',
        phase: 'forward',
        bytesSent: 48,
      }),
    ]);
  });
});

describe('npm run sim -- validate', () => {
  it('prices the chosen published runs and marks the fitted one', async () => {
    const { code, json } = await sim('validate', { ids: ['k5-22b-full', 't1-1.7b'] });
    expect(code).toBe(0);
    const rows = json.rows as { id: string; fitted: boolean; oursS: number; error: number }[];
    expect(rows.map((r) => [r.id, r.fitted])).toEqual([
      ['t1-1.7b', false],
      ['k5-22b-full', true],
    ]);
    for (const r of rows) expect(Math.abs(r.error)).toBeLessThan(0.1);
  });

  it('prints the whole table for no input: every row priced, the summaries apart', async () => {
    const { code, json } = await sim('validate', '');
    expect(code).toBe(0);
    const rows = json.rows as Record<string, unknown>[];
    expect(rows).toHaveLength(PUBLISHED_RUNS.length);
    for (const r of rows) {
      expect(Object.keys(r).filter((k) => k !== 'assumed')).toEqual([
        'id',
        'source',
        'row',
        'fitted',
        'published',
        'request',
        'oursS',
        'error',
        'oursBreakdownS',
        'fits',
      ]);
      expect(Object.keys(r.published as object)).toEqual(['kind', 'value', 'iterationS']);
      expect(Object.keys(r.oursBreakdownS as object)).toEqual([
        'compute',
        'tensorComm',
        'pipelineComm',
        'dataComm',
        'bubble',
      ]);
    }
    expect(rows.filter((r) => r.fitted).map((r) => r.id)).toEqual([
      't1-3.6b',
      't1-145.6b',
      'k5-22b-full',
      'k5-22b-sp',
    ]);
    const summary = ['rows', 'refused', 'meanAbsError', 'worstError'];
    expect(Object.keys(json.unfitted as object)).toEqual(summary);
    expect(Object.keys(json.fitted as object)).toEqual(summary);
    expect(json.unfitted).toMatchObject({ rows: PUBLISHED_RUNS.length - 4, refused: 0 });
    for (const s of json.bySource as Record<string, unknown>[])
      expect(Object.keys(s)).toEqual(['source', 'name', ...summary]);
  });

  it('exits 2 on an unknown source', async () => {
    const { code, json } = await sim('validate', { source: 'nope' });
    expect(code).toBe(2);
    expect(json).toMatchObject({ error: { type: 'InputError' } });
  });

  it("reads standard input for the file '-', as cat and jq do", async () => {
    const { code, json } = await sim(['validate', '-'], { ids: ['k5-1t-full'] });
    expect(code).toBe(0);
    expect((json.rows as { id: string }[]).map((r) => r.id)).toEqual(['k5-1t-full']);
  });
});
