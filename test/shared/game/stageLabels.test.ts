// A pipeline's lanes are named short enough for a phone's label strip in both languages (issue 13 item 4:
// "第 0 个菜序站" shrank to 6 px on the interleaved courses at 390×844).
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById } from '../../../shared/index.ts';

describe('pipeline lane names', () => {
  it.each(['courses', 'interleaved-courses', 'the-profiler'])('%s: "0 号站" / "station 0"', (id) => {
    const level = levelById(id)!;
    const r = evaluatePlan(level, level.reference);
    if (!r.ok) throw new Error(r.error.message);
    const lanes = r.evaluation.timeline.lanes;
    expect(lanes.length).toBeGreaterThan(1);
    lanes.forEach((lane, d) => {
      expect(lane.label).toEqual({ 'zh-CN': `${d} 号站`, en: `station ${d}` });
    });
  });
});
