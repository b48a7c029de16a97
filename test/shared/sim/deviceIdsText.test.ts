// The one device-id formatter (kitchen lists on screen, trace track names): runs of two or more as 'a–b'.
import { describe, expect, it } from 'vitest';
import { formatKitchens } from '../../../shared/game/format.ts';
import { deviceIdsText, devicesLabel } from '../../../shared/sim/deviceIdsText.ts';

describe('deviceIdsText', () => {
  it('sorts and joins runs with an en dash, a run of two included', () => {
    expect(deviceIdsText([3, 0, 1, 2, 6])).toBe('0–3, 6');
    expect(deviceIdsText([1, 0])).toBe('0–1');
    expect(deviceIdsText([5])).toBe('5');
    expect(deviceIdsText([0, 2, 4])).toBe('0, 2, 4');
  });
  it('is the formatter the screens use', () => {
    expect(formatKitchens).toBe(deviceIdsText);
  });
  it('labels one device or several', () => {
    expect(devicesLabel([5])).toBe('device 5');
    expect(devicesLabel([0, 1, 8, 9])).toBe('devices 0–1, 8–9');
  });
});
