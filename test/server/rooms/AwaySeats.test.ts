import { describe, expect, it } from 'vitest';
import { AwaySeats } from '../../../server/rooms/AwaySeats.ts';

describe('AwaySeats', () => {
  it('gives a seat once its grace has passed and it is not connected, then forgets it', () => {
    const away = new AwaySeats();
    away.away('p1', 1000);
    away.away('p2', 3000);
    away.away('p3', 1000);
    away.back('p3');
    expect(away.takeDue(5999, 5000, new Set())).toEqual([]);
    expect(away.takeDue(6000, 5000, new Set())).toEqual(['p1']);
    expect(away.takeDue(9000, 5000, new Set(['p2']))).toEqual([]);
    expect(away.takeDue(9000, 5000, new Set())).toEqual(['p2']);
    expect(away.takeDue(99_000, 5000, new Set())).toEqual([]);
  });
});
