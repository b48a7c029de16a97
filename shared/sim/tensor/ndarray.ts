// Dense row-major arrays: the tasting runs in float32 on every simulated device (Float32Array), the
// reference runs in float64 on one device (Float64Array). Shapes are plain number arrays; rank 0 = scalar.
import { newFloat32, newFloat64 } from './arena.ts';

export type FloatArray = Float32Array | Float64Array;
export type Precision = 'f32' | 'f64';

export interface NdArray<A extends FloatArray = FloatArray> {
  readonly shape: readonly number[];
  readonly data: A;
}

export function sizeOf(shape: readonly number[]): number {
  let n = 1;
  for (let d = 0; d < shape.length; d++) n *= shape[d]!;
  return n;
}

/** Row-major strides of a shape (elements). */
export function stridesOf(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  let s = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    strides[d] = s;
    s *= shape[d]!;
  }
  return strides;
}

export function allocate(precision: Precision, length: number): FloatArray {
  return precision === 'f32' ? newFloat32(length) : newFloat64(length);
}

/** `allocate` for a caller that writes every element: the contents start unspecified (see arena.ts). */
export function allocateToFill(precision: Precision, length: number): FloatArray {
  return precision === 'f32' ? newFloat32(length, false) : newFloat64(length, false);
}

export const precisionOf = (data: FloatArray): Precision => (data instanceof Float32Array ? 'f32' : 'f64');

export function zeros(shape: readonly number[], precision: Precision): NdArray {
  return { shape: [...shape], data: allocate(precision, sizeOf(shape)) };
}

/** Same values, other precision (a copy). */
export function convert(a: NdArray, precision: Precision): NdArray {
  const data = allocateToFill(precision, a.data.length);
  data.set(a.data);
  return { shape: a.shape, data };
}
