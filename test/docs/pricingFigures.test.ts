// The figures docs/pricing.md states as `sim train`'s and `sim validate`'s answers today are today's answers:
// the worked example's JSON, the two untuned runs, the last column of the validation table, the Korthikanti
// table's `sim train` column and the ZeRO-3 rows' errors. A printed number stands for the answer rounded to
// the digits printed: it must lie within half a unit of its last digit (57,400 → ±50; 5.65e9 → ±5e6).
// Historical columns and figures a paragraph dates are not checked.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../shared/sim/result.ts';
import { trainCommand } from '../../shared/sim/train/trainReport.ts';
import { validateRuns } from '../../shared/sim/train/validateRuns.ts';
import { ONE_T_3072 } from '../shared/sim/train/helpers.ts';

const DOC = readFileSync(new URL('../../docs/pricing.md', import.meta.url), 'utf8');

/** The text between a heading (or any marker) and the next `### ` heading. */
function section(marker: string): string {
  const start = DOC.indexOf(marker);
  if (start < 0) throw new Error(`docs/pricing.md has no "${marker}"`);
  const end = DOC.indexOf('\n### ', start + marker.length);
  return DOC.slice(start, end < 0 ? undefined : end);
}

/** Half a unit of the last printed digit: "54.76" → 0.005, "5.65e9" → 5e6, "57,400" → 50, "4608" → 0.5. */
function halfUnit(printed: string): number {
  const text = printed.replaceAll(',', '').replace(/^[−+-]/u, '');
  const [mantissa, exponent] = text.toLowerCase().split('e');
  const decimals = mantissa!.includes('.') ? mantissa!.split('.')[1]!.length : 0;
  const trailingZeros = decimals === 0 ? /0*$/u.exec(mantissa!)![0].length : 0;
  return 0.5 * 10 ** (Number(exponent ?? 0) - decimals + Math.min(trailingZeros, mantissa!.length - 1));
}

const toNumber = (printed: string): number => Number(printed.replaceAll(',', '').replace('−', '-'));

/** `printed` (as the doc writes it, `%` figures as percent) stands for `actual`. */
function expectPrinted(printed: string, actual: number, what: string): void {
  const scale = printed.endsWith('%') ? 100 : 1;
  const text = printed.replace(/%$/u, '');
  expect(
    Math.abs(toNumber(text) - actual * scale),
    `${what}: printed ${printed}, now ${actual}`,
  ).toBeLessThanOrEqual(halfUnit(text) * (1 + 1e-9));
}

/** Every number of a JSON text quoted with its printed form, so that its precision survives parsing. */
const withPrintedNumbers = (json: string): unknown =>
  JSON.parse(json.replace(/(?<=[:[,]\s*)-?\d[\d.]*(?:e[+-]?\d+)?/giu, (n) => `"#${n}"`));

/** Walks the doc's JSON beside the answer: numbers by their precision, strings exactly, "…" skips the rest. */
function expectMatches(doc: unknown, actual: unknown, path: string): void {
  if (typeof doc === 'string' && doc.startsWith('#')) {
    expect(typeof actual, path).toBe('number');
    expectPrinted(doc.slice(1), actual as number, path);
  } else if (Array.isArray(doc)) {
    expect(Array.isArray(actual), path).toBe(true);
    doc.forEach((d, i) => {
      if (d !== '…') expectMatches(d, (actual as unknown[])[i], `${path}[${i}]`);
    });
  } else if (doc !== null && typeof doc === 'object') {
    for (const [key, value] of Object.entries(doc))
      expectMatches(value, (actual as Record<string, unknown>)[key], `${path}.${key}`);
  } else expect(actual, path).toEqual(doc);
}

describe('docs/pricing.md states what sim train and sim validate answer today', () => {
  const validation = validateRuns();
  /** A priced row's time and error (every row is priced: validateRuns.test.ts). */
  const row = (id: string): { id: string; oursS: number; error: number } => {
    const r = validation.rows.find((v) => v.id === id)!;
    return { id, oursS: r.oursS!, error: r.error! };
  };

  it('the worked example: its answer is the request’s answer', () => {
    const blocks = [...section('### Input and output').matchAll(/```json\n([\s\S]*?)```/gu)].map(
      (m) => m[1]!,
    );
    expect(blocks).toHaveLength(2);
    const answer = unwrap(trainCommand(JSON.parse(blocks[0]!)));
    expectMatches(withPrintedNumbers(blocks[1]!), answer, 'answer');
  });

  it('the untuned runs: GPT-3 175B on 512 GPUs and the 1T model', () => {
    const text = section('### Not tuned').replace(/\s+/gu, ' ');
    const gpt3 =
      /: ([\d.]+) s per iteration, ([\d,]+) tokens\/s, ([\d.]+) TFLOP\/s per GPU hardware style \((\d+)% of peak\), MFU ([\d.]+%), bubble ([\d.]+%), ([\d.]+) GB/u.exec(
        text,
      )!;
    expect(gpt3).not.toBeNull();
    const a = unwrap(
      trainCommand(JSON.parse(section('### Input and output').match(/```json\n([\s\S]*?)```/u)![1]!)),
    );
    expectPrinted(gpt3[1]!, a.iterationTimeS, '175B step');
    expectPrinted(gpt3[2]!, a.tokensPerS, '175B tokens/s');
    expectPrinted(gpt3[3]!, a.tflopsPerDevice.hardware, '175B TFLOP/s');
    expectPrinted(`${gpt3[4]!}%`, a.tflopsPerDevice.hardware / 312, '175B share of peak');
    expectPrinted(gpt3[5]!, a.mfu, '175B MFU');
    expectPrinted(gpt3[6]!, a.bubbleFraction, '175B bubble');
    expectPrinted(gpt3[7]!, a.memory.perDeviceBytes.total / 1e9, '175B GB');
    const t1 =
      /1008B row[^)]*\):\*\* ([\d.]+) s per iteration, ([\d.]+) TFLOP\/s per GPU, bubble ([\d.]+%), ([\d.]+) GB/u.exec(
        text,
      )!;
    expect(t1).not.toBeNull();
    const b = unwrap(trainCommand(ONE_T_3072));
    expectPrinted(t1[1]!, b.iterationTimeS, '1T step');
    expectPrinted(t1[2]!, b.tflopsPerDevice.hardware, '1T TFLOP/s');
    expectPrinted(t1[3]!, b.bubbleFraction, '1T bubble');
    expectPrinted(t1[4]!, b.memory.perDeviceBytes.total / 1e9, '1T GB');
  });

  it('the validation table’s last column is today’s error per source', () => {
    const table = section('Mean absolute error (worst) per source');
    const lines = table
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| source') && !l.startsWith('|---'));
    const sources = ['narayanan-t1', 'narayanan-t2-ptdp', 'narayanan-t2-zero3', 'korthikanti', 'mt-nlg'];
    const summaries = [
      ...sources.map((s) => validation.bySource.find((b) => b.source === s)!),
      validation.unfitted,
    ];
    const wanted = [...sources.map((_, i) => lines[i]!), lines.find((l) => l.startsWith('| all |'))!];
    wanted.forEach((line, i) => {
      const last = line.split('|').at(-2)!;
      const [mean, worst] = [...last.matchAll(/[−+]?[\d.]+%/gu)].map((m) => m[0]);
      expectPrinted(mean!, summaries[i]!.meanAbsError, `${line.split('|')[1]!.trim()} mean`);
      expectPrinted(worst!, summaries[i]!.worstError, `${line.split('|')[1]!.trim()} worst`);
    });
  });

  it('the Korthikanti table’s sim train column and the ZeRO-3 rows’ errors', () => {
    const table = section('**Re-run since: Calculon on Korthikanti');
    const ids = ['22b-full', '22b-sp', '175b-full', '175b-sp', '530b-full', '530b-sp', '1t-full', '1t-sp'];
    const lines = table.split('\n').filter((l) => /^\| (22B|175B|530B|1T),/u.test(l));
    expect(lines).toHaveLength(ids.length);
    lines.forEach((line, i) => {
      const cells = line.split('|').map((c) => c.trim());
      const r = row(`k5-${ids[i]!}`);
      expectPrinted(cells[5]!.replace(' s', ''), r.oursS, `${r.id} seconds`);
      expectPrinted(/^[−+][\d.]+%/u.exec(cells[6]!)![0], r.error, `${r.id} error`);
    });
    const zero3 = /Ours against published: \*\*([^*]+)\*\* for 175B[^*]+\*\*([^*]+)\*\*/u.exec(
      DOC.replace(/\s+/gu, ' '),
    )!;
    const printed = [...`${zero3[1]!}, ${zero3[2]!}`.matchAll(/[−+][\d.]+%/gu)].map((m) => m[0]);
    const zeroIds = ['175b-384', '175b-768', '175b-1536', '530b-640', '530b-1120', '530b-2240'];
    expect(printed).toHaveLength(zeroIds.length);
    printed.forEach((p, i) => expectPrinted(p, row(`t2-zero3-${zeroIds[i]!}`).error, zeroIds[i]!));
  });
});
