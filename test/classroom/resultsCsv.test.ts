// RFC 4180 quoting of the results CSV, case by case, and an empty session's header-only file.
import { describe, expect, it } from 'vitest';
import { csvField, resultsCsv } from '../../shared/classroom/index.ts';
import { RESULTS_CSV_COLUMNS } from '../../shared/protocol/classroom.ts';
import { lobby } from './helpers.ts';

describe('csvField', () => {
  it.each<[string | number | boolean, string]>([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ["w1=[None,'model']", `"w1=[None,'model']"`],
    ['Mei; Bo', 'Mei; Bo'],
    ['', ''],
    [1234.5, '1234.5'],
    [false, 'false'],
  ])('%j → %j', (v, want) => {
    expect(csvField(v)).toBe(want);
  });
});

it('writes only the header for a session without scored rounds', () => {
  expect(resultsCsv(lobby([['A']]))).toBe(RESULTS_CSV_COLUMNS.join(',') + '\r\n');
});
