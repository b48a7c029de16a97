// RFC 4180 quoting of the results CSV (csv-stringify, as server/http/resultsCsv.ts sets it up), case by case,
// and an empty session's header-only file.
import { describe, expect, it } from 'vitest';
import { resultsCsv, toCsv } from '../../server/http/resultsCsv.ts';
import { hostCommand, setLock, tick } from '../../shared/classroom/index.ts';
import { RESULTS_CSV_COLUMNS } from '../../shared/protocol/classroom.ts';
import { lobby, ok } from './helpers.ts';

describe('one field', () => {
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
    // text a spreadsheet would run as a formula is quoted away (OWASP CSV injection); numbers stay numbers
    ['-1-1', "'-1-1"],
    ['-A1', "'-A1"],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['@cmd', "'@cmd"],
    ['a-b', 'a-b'],
    [-0.5, '-0.5'],
  ])('%j → %j', (v, want) => {
    expect(toCsv([[v]])).toBe(`${want}\r\n`);
  });
});

it('writes a record of several fields on one CRLF-ended line', () => {
  expect(
    toCsv([
      ['鲁菜 Shandong', 'a,b', true, 0],
      ['x', 'y\nz', false, 1.5],
    ]),
  ).toBe('鲁菜 Shandong,"a,b",true,0\r\nx,"y\nz",false,1.5\r\n');
});

it('writes only the header for a session without scored rounds', () => {
  expect(resultsCsv(lobby([['A']]))).toBe(RESULTS_CSV_COLUMNS.join(',') + '\r\n');
});

it('says whether each team locked its plan or was served as it stood when planning ended', () => {
  let s = lobby([['A'], ['B']], { rounds: ['fridge-too-small'] });
  s = ok(hostCommand(s, { command: 'start' }, 0)).session;
  s = ok(hostCommand(s, { command: 'advance' }, 1000)).session;
  s = ok(setLock(s, 'p1', true, 2000)).session; // t1's captain locks; t2 never does
  const atTimeUp = tick(s, 1000 + 300_000).session;
  expect(atTimeUp.phase).toBe('service');
  expect(atTimeUp.results[0]!.teams.map((t) => [t.team, t.locked])).toEqual([
    ['t1', true],
    ['t2', false],
  ]);
  const [cols, ...rows] = resultsCsv(atTimeUp)
    .split('\r\n')
    .map((l) => l.split(','));
  const at = cols!.indexOf('served_as');
  expect(rows.filter((r) => r[3] === 'team').map((r) => r[at])).toEqual(['locked', 'time_up']);
  // Both start plans overflow: never served, so no step time (as on the projector), but a fridge each.
  const teamRows = rows.filter((r) => r[3] === 'team');
  const col = (name: string) => teamRows.map((r) => r[cols!.indexOf(name)]);
  expect(col('served_per_s')).toEqual(['0', '0']);
  expect(col('step_s')).toEqual(['', '']);
  expect(col('worst_memory_gb').every((gb) => Number(gb) > 16)).toBe(true);
  // A round stored before the column existed leaves it empty.
  const { locked: _gone, ...old } = atTimeUp.results[0]!.teams[0]!;
  const before = { ...atTimeUp, results: [{ ...atTimeUp.results[0]!, teams: [old] }] };
  expect(resultsCsv(before).split('\r\n')[1]!.split(',')[at]).toBe('');
});
