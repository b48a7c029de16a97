// The QR code's modules and SVG path, the service timeline's bars, and the per-code key store.
import { describe, expect, it } from 'vitest';
import { KeyStore } from '../../../client/classroom/keyStore.ts';
import { QUIET_ZONE, qrModules, qrSvgPath } from '../../../client/classroom/viewModels/qrCode.ts';
import { timelineBars } from '../../../client/classroom/viewModels/timelineBars.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);

describe('QR code', () => {
  it('is version 1 (21 modules) for a short text, with the three finder patterns', () => {
    const m = qrModules('HELLO');
    expect(m).toHaveLength(21);
    // Finder pattern: a 7×7 dark ring, a light ring, a 3×3 dark centre (ISO/IEC 18004 §6.3.3).
    const finder = (r0: number, c0: number) =>
      Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => m[r0 + r]![c0 + c]));
    const expected = Array.from({ length: 7 }, (_, r) =>
      Array.from({ length: 7 }, (_, c) => {
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        return ring !== 2;
      }),
    );
    expect(finder(0, 0)).toEqual(expected);
    expect(finder(0, 14)).toEqual(expected);
    expect(finder(14, 0)).toEqual(expected);
    // The separator next to the top-left finder is light.
    expect(m[7]!.slice(0, 8).every((d) => !d)).toBe(true);
  });

  it('grows with the text: a join link needs version 3 or more', () => {
    expect(qrModules('http://192.168.100.200:2567/?join=K7M2QX').length).toBeGreaterThanOrEqual(29);
  });

  it('draws dark runs as rectangles offset by the quiet zone', () => {
    const { d, size } = qrSvgPath([
      [true, true, false],
      [false, true, true],
      [false, false, false],
    ]);
    expect(QUIET_ZONE).toBe(4);
    expect(size).toBe(11);
    expect(d).toBe('M4 4h2v1h-2zM5 5h2v1h-2z');
  });
});

describe('timelineBars', () => {
  it('places events in percent of the step and measures the idle share', () => {
    const lanes = timelineBars(
      {
        stepS: 2,
        criticalLane: 0,
        lanes: [
          {
            label: { 'zh-CN': '厨房 0–1', en: 'Kitchens 0–1' },
            devices: [0, 1],
            events: [
              { kind: 'forward', startS: 0, endS: 0.5 },
              { kind: 'idle', startS: 0.5, endS: 1 },
              { kind: 'backward', startS: 1, endS: 2 },
              { kind: 'collective', startS: 1.5, endS: 2, overlapped: true, label: 'all-reduce g over data' },
            ],
          },
        ],
      },
      en,
      'en',
    );
    expect(lanes).toHaveLength(1);
    const lane = lanes[0]!;
    expect(lane.label).toBe('Kitchens 0–1');
    expect(lane.idle).toBe(0.25);
    expect(lane.bars.map((b) => [b.kind, b.left, b.width, b.overlapped])).toEqual([
      ['forward', 0, 25, false],
      ['idle', 25, 25, false],
      ['backward', 50, 50, false],
      ['collective', 75, 25, true],
    ]);
    // no pass recorded: the kind's name, not the trace's English label
    expect(lane.bars.map((b) => b.label)).toEqual(['forward', 'idle stove', 'backward', 'pass']);
  });

  it('names every bar in the page’s language: a pass by its kind and axes, anything else by its kind', () => {
    const timeline = {
      stepS: 1,
      criticalLane: 0,
      lanes: [
        {
          label: { 'zh-CN': '每间厨房', en: 'every kitchen' },
          devices: [0],
          events: [
            { kind: 'forward' as const, startS: 0, endS: 0.5 },
            {
              kind: 'collective' as const,
              startS: 0.5,
              endS: 0.75,
              label: 'all-reduce y over model',
              pass: { kind: 'all-reduce' as const, axes: ['model'] },
            },
            // sequence parallelism's mixed passes: no one kind
            {
              kind: 'collective' as const,
              startS: 0.75,
              endS: 0.9,
              label: 'tensor-parallel forward collectives over model',
              pass: { axes: ['model'] },
            },
            { kind: 'update' as const, startS: 0.9, endS: 1, label: 'optimizer step' },
          ],
        },
      ],
    };
    expect(timelineBars(timeline, zh, 'zh-CN')[0]!.bars.map((b) => b.label)).toEqual([
      '前向',
      'AllReduce 汇总分发 · model',
      '传菜 · model',
      '更新',
    ]);
    expect(timelineBars(timeline, en, 'en')[0]!.bars.map((b) => b.label)).toEqual([
      'forward',
      'AllReduce · model',
      'pass · model',
      'update',
    ]);
  });
});

describe('KeyStore', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      m,
    };
  };

  it('keeps a seat and a host key per code', () => {
    const storage = memory();
    const keys = new KeyStore(storage);
    keys.saveSeat('ABC234', { seatKey: 's1', nickname: 'Mei' });
    keys.saveHostKey('ABC234', 'h1');
    expect(keys.seat('ABC234')).toEqual({ seatKey: 's1', nickname: 'Mei' });
    expect(keys.seat('XYZ234')).toBeNull();
    expect(keys.hostKey('ABC234')).toBe('h1');
    expect(storage.m.get('mesh-kitchen.host.ABC234')).toBe('h1');
    keys.forgetSeat('ABC234');
    expect(keys.seat('ABC234')).toBeNull();
  });

  it('ignores a damaged entry and works without storage', () => {
    const storage = memory();
    storage.setItem('mesh-kitchen.seat.ABC234', '{not json');
    expect(new KeyStore(storage).seat('ABC234')).toBeNull();
    storage.setItem('mesh-kitchen.seat.ABC234', '{"seatKey":""}');
    expect(new KeyStore(storage).seat('ABC234')).toBeNull();
    const none = new KeyStore(undefined);
    none.saveHostKey('ABC234', 'h');
    expect(none.hostKey('ABC234')).toBeNull();
  });
});
