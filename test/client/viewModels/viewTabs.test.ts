import { describe, expect, it } from 'vitest';
import { kitchenAfterKey, tabAfterKey } from '../../../client/viewModels/viewTabs.ts';

describe('tabAfterKey (WAI-ARIA tabs)', () => {
  it('moves right and left with wrapping, Home and End jump', () => {
    expect(tabAfterKey('global', 'ArrowRight')).toBe('local');
    expect(tabAfterKey('dynamic', 'ArrowRight')).toBe('global');
    expect(tabAfterKey('global', 'ArrowLeft')).toBe('dynamic');
    expect(tabAfterKey('static', 'Home')).toBe('global');
    expect(tabAfterKey('local', 'End')).toBe('dynamic');
    expect(tabAfterKey('local', 'Enter')).toBeUndefined();
  });
});

describe('kitchenAfterKey', () => {
  // A 2 × 4 grid: 0 1 2 3 / 4 5 6 7.
  it('steps by one across and by a row down, staying inside the grid', () => {
    expect(kitchenAfterKey(1, 'ArrowRight', 4, 8)).toBe(2);
    expect(kitchenAfterKey(1, 'ArrowDown', 4, 8)).toBe(5);
    expect(kitchenAfterKey(5, 'ArrowUp', 4, 8)).toBe(1);
    expect(kitchenAfterKey(3, 'ArrowRight', 4, 8)).toBe(3);
    expect(kitchenAfterKey(4, 'ArrowLeft', 4, 8)).toBe(4);
    expect(kitchenAfterKey(6, 'ArrowDown', 4, 8)).toBe(6);
    expect(kitchenAfterKey(0, 'a', 4, 8)).toBeUndefined();
  });
});
