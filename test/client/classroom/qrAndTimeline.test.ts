// The QR code's modules and SVG path, the service timeline's bars, and the per-code key store.
import { describe, expect, it } from 'vitest';
import { KeyStore } from '../../../client/classroom/keyStore.ts';
import { QUIET_ZONE, qrModules, qrSvgPath } from '../../../client/classroom/viewModels/qrCode.ts';
import { timelineBars } from '../../../client/classroom/viewModels/timelineBars.ts';

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
    expect(lane.bars[3]!.label).toBe('all-reduce g over data');
  });

  it('names a pass of one kind in the page’s language, and keeps the trace’s words for anything else', () => {
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
              endS: 1,
              label: 'all-reduce y over model',
              pass: { kind: 'all-reduce' as const, axes: ['model'] },
            },
          ],
        },
      ],
    };
    expect(timelineBars(timeline, 'zh-CN')[0]!.bars.map((b) => b.label)).toEqual([
      'forward',
      'AllReduce 汇总分发 · model',
    ]);
    expect(timelineBars(timeline, 'en')[0]!.bars[1]!.label).toBe('AllReduce · model');
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
