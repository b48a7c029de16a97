// Dense row-major arrays: the tasting runs in float32 on every simulated device (Float32Array), the
// reference runs in float64 on one device (Float64Array). Shapes are plain number arrays; rank 0 = scalar.

export type FloatArray = Float32Array | Float64Array;
export type Precision = 'f32' | 'f64';

export interface NdArray<A extends FloatArray = FloatArray> {
  readonly shape: readonly number[];
  readonly data: A;
}

export const sizeOf = (shape: readonly number[]): number => shape.reduce((n, d) => n * d, 1);

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
  return precision === 'f32' ? new Float32Array(length) : new Float64Array(length);
}

export const precisionOf = (data: FloatArray): Precision => (data instanceof Float32Array ? 'f32' : 'f64');

export function zeros(shape: readonly number[], precision: Precision): NdArray {
  return { shape: [...shape], data: allocate(precision, sizeOf(shape)) };
}

/** Same values, other precision (a copy). */
export function convert(a: NdArray, precision: Precision): NdArray {
  const data = allocate(precision, a.data.length);
  data.set(a.data);
  return { shape: a.shape, data };
}
