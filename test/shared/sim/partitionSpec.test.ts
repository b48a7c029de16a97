import { describe, expect, it } from 'vitest';
import {
  canonicalizeSpec,
  partitionsToString,
  pyStr,
  specFromSharding,
  specToString,
  type PartitionSpec,
} from '../../../shared/sim/partitionSpec.ts';
import { unwrap } from '../../../shared/sim/result.ts';

describe('canonicalizeSpec', () => {
  it.each<[unknown, PartitionSpec]>([
    [[], []],
    [
      ['x', 'y'],
      ['x', 'y'],
    ],
    [
      [null, ''],
      [null, null],
    ],
    [[[]], [null]],
    [[['x']], ['x']],
    [
      [['x', 'y'], null],
      [['x', 'y'], null],
    ],
    [
      ['x', [], ['y', 'z']],
      ['x', null, ['y', 'z']],
    ],
  ])('%j → %j', (raw, expected) => {
    expect(unwrap(canonicalizeSpec(raw))).toEqual(expected);
  });

  it.each<[unknown, string]>([
    [
      [['x', ['y']]],
      "A tuple inside PartitionSpec cannot contain a nested tuple. Got partition: ('x', ('y',)) and the nested tuple: ('y',)",
    ],
    [
      [[['a', 'b'], 'c']],
      "A tuple inside PartitionSpec cannot contain a nested tuple. Got partition: (('a', 'b'), 'c') and the nested tuple: ('a', 'b')",
    ],
    [
      [null, [[]]],
      'A tuple inside PartitionSpec cannot contain a nested tuple. Got partition: ((),) and the nested tuple: ()',
    ],
  ])('rejects nested tuples with the JAX ValueError', (raw, message) => {
    expect(canonicalizeSpec(raw)).toEqual({
      ok: false,
      error: { type: 'ValueError', code: 'spec/nested-tuple', params: {}, message },
    });
  });

  it.each<[unknown, string]>([
    ['x', 'must be a list'],
    [{ 0: 'x' }, 'must be a list'],
    [[3], 'entry 0 must be null, an axis name or a list of axis names, got 3.'],
    [['x', true], 'entry 1 must be null'],
    [['x', { a: 1 }], 'entry 1 must be null'],
    [[null, ['x', null]], 'entry 1: a list may only hold non-empty axis names.'],
    [[['x', '']], 'entry 0: a list may only hold non-empty axis names.'],
  ])('rejects malformed input %j as InputError', (raw, fragment) => {
    const r = canonicalizeSpec(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.type).toBe('InputError');
      expect(r.error.message).toContain(fragment);
    }
  });
});

describe('specToString', () => {
  it.each<[PartitionSpec, readonly string[], string]>([
    [['x', 'y'], [], "P('x', 'y')"],
    [['x', null], [], "P('x', None)"],
    [[['x', 'y'], null], [], "P(('x', 'y'), None)"],
    [[], [], 'P()'],
    [['x'], [], "P('x',)"],
    [[null], [], 'P(None,)'],
    [['x', null], ['Y'], "P('x', None, unreduced={'Y'})"],
    [['x'], ['y'], "P('x', unreduced={'y'})"],
    [[], ['z', 'y'], "P(unreduced={'y', 'z'})"],
  ])('%j unreduced=%j → %s', (spec, unreduced, expected) => {
    expect(specToString(spec, unreduced)).toBe(expected);
  });

  it('renders partitions as a Python tuple and strings as Python reprs', () => {
    expect(partitionsToString(['x'])).toBe("('x',)");
    expect(partitionsToString([['a', 'b'], null])).toBe("(('a', 'b'), None)");
    expect(pyStr("it's")).toBe('"it\'s"');
    expect(pyStr('a\\b')).toBe("'a\\\\b'");
  });
});

describe('specFromSharding', () => {
  it('keeps one entry per dimension', () => {
    expect(specFromSharding({ dims: [['x', 'y'], [], ['z']], unreduced: [] })).toEqual([
      ['x', 'y'],
      null,
      'z',
    ]);
    expect(specFromSharding({ dims: [[], []], unreduced: ['x'] })).toEqual([null, null]);
    expect(specFromSharding({ dims: [], unreduced: [] })).toEqual([]);
  });
});
