import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../client/viewModels/formatBytes.ts';

describe('formatBytes', () => {
  it('prints decimal units with three significant digits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(48)).toBe('48 B');
    expect(formatBytes(6144)).toBe('6.14 kB');
    expect(formatBytes(8_455_716_864)).toBe('8.46 GB');
    expect(() => formatBytes(-1)).toThrow();
  });
});
