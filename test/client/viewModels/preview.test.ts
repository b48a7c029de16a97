// The preview lists each pass in the page's language, in the words of the other screens: the kind as the
// projector names it (passNames.ts: 'AllReduce 汇总分发') and the phase as the views' listing does ('前向'),
// never the core's 'all-reduce' and 'forward' on a Chinese screen.
import { describe, expect, it } from 'vitest';
import { passText, preview, type PassRow } from '../../../client/viewModels/preview.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';
import { evaluatePlan, levelById } from '../../../shared/index.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);

const row: PassRow = {
  kind: 'all-reduce',
  tensor: 'pred',
  axes: "'model'",
  phase: 'forward',
  bytes: '101 MB',
  time: '1.20 ms',
};

describe('passText', () => {
  it('names the kind and the phase in Chinese on a Chinese screen', () => {
    expect(passText(row, zh)).toBe("前向：AllReduce 汇总分发 pred，沿 'model'，每间厨房 101 MB，1.20 ms");
    expect(passText({ ...row, kind: 'all-gather', phase: 'update' }, zh)).toMatch(/^更新：AllGather 拼盘 /);
  });
  it('reads as a sentence in English', () => {
    expect(passText(row, en)).toBe("Forward: AllReduce of pred over 'model', 101 MB per kitchen, 1.20 ms");
    expect(passText({ ...row, kind: 'psum', phase: 'backward' }, en)).toMatch(/^Backward: AllReduce of /);
  });
  it('leaves none of the core’s words in the passes of a real plan', () => {
    const level = levelById('fridge-too-small')!;
    const ref = evaluatePlan(level, level.reference);
    if (!ref.ok) throw new Error('not evaluable');
    const lines = preview(ref.evaluation, { locale: 'zh-CN' }).passes.map((c) => passText(c, zh));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/all-|reduce-|forward|backward|update/u);
  });
});
