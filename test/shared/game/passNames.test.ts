// A pass kind has one name on every screen (shared/game/passNames.ts): every kind a level's plans are priced
// with has one, whatever the spelling (XLA's, JAX's); the debrief's "passes:" list says it so, in each
// language, as does the diagnosis of the slowest pass; and the views' texts (client/i18n/passStrings.ts) are the same table.
import { describe, expect, it } from 'vitest';
import { translate } from '../../../client/i18n/strings.ts';
import { planFigures } from '../../../shared/game/debrief.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { PASS_KINDS, PASS_NAMES, passKind, passName } from '../../../shared/game/passNames.ts';
import { evaluate } from './helpers.ts';

describe('pass names', () => {
  it('maps the core’s and JAX’s spellings to one kind, and leaves others as they are', () => {
    expect(passKind('psum')).toBe('all-reduce');
    expect(passKind('collective-permute')).toBe('ppermute');
    expect(passKind('psum_scatter')).toBe('reduce-scatter');
    expect(passKind('toString')).toBeUndefined(); // not an inherited property
    expect(passName('psum', 'zh-CN')).toBe('AllReduce 汇总分发');
    expect(passName('send', 'en')).toBe('send');
  });

  it.each(LEVELS.map((l) => [l.id, l] as const))(
    '%s: every pass its plans are priced with has a name, and the debrief uses it',
    (_, level) => {
      for (const plan of [level.start, level.reference, level.trap.plan]) {
        const e = evaluate(level, plan);
        for (const c of e.pricing.collectives) expect(passKind(c.kind), c.kind).toBeDefined();
        const en = planFigures(e, 'en').passes;
        const zh = planFigures(e, 'zh-CN').passes;
        for (const c of e.pricing.collectives) {
          expect(en).toContain(`${passName(c.kind, 'en')} ×`);
          expect(zh).toContain(`${passName(c.kind, 'zh-CN')} ×`);
        }
        expect(en).not.toMatch(/\b(all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute)\b/);
      }
    },
  );

  it('the diagnosis names the slowest pass so, in the page’s language (the profiler’s start plan)', () => {
    const profiler = LEVELS.find((l) => l.id === 'the-profiler')!;
    const why = evaluate(profiler, profiler.start).explanation;
    expect(why.en).toMatch(/the slowest pass is AllReduce \S+ over model \([\d.]+ ms × \d+, inter-node\)/);
    expect(why['zh-CN']).toMatch(/最慢的一次是 AllReduce 汇总分发 \S+，沿 model（[\d.]+ ms × \d+，跨节点）/u);
    expect(why['zh-CN']).not.toMatch(/ over |inter-node/);
  });

  it('the views name each kind from the same table', () => {
    for (const k of PASS_KINDS) {
      expect(translate('en', `views.kind.${k}`)).toBe(PASS_NAMES[k].en);
      expect(translate('zh-CN', `views.kind.${k}`)).toBe(PASS_NAMES[k]['zh-CN']);
    }
  });
});

describe('step events carry their pass', () => {
  it.each(LEVELS.map((l) => [l.id, l] as const))(
    '%s: every collective event of its plans runs over mesh axes of the plan, with a kind named in passNames',
    (_, level) => {
      for (const plan of [level.start, level.reference]) {
        const e = evaluate(level, plan);
        const axes = new Set(plan.mesh.map((a) => a.name));
        for (const lane of e.timeline.lanes)
          for (const ev of lane.events.filter((x) => x.kind === 'collective')) {
            expect(ev.pass, ev.label).toBeDefined();
            for (const a of ev.pass!.axes) expect(axes.has(a), `${ev.label}: ${a}`).toBe(true);
            if (ev.pass!.kind !== undefined) expect(PASS_KINDS).toContain(ev.pass!.kind);
          }
      }
    },
  );
});
