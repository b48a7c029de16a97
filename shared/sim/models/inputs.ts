// Declaring a model's inputs together with how to initialise them, and drawing them from a seed.
import type { InputRole, Program, ValueId } from '../program/ir.ts';
import type { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { createRng, fillNormal, nextInt, type Rng } from '../rng.ts';
import { sizeOf, type NdArray } from '../tensor/ndarray.ts';

/** How an input is filled: N(0, scale²), one-hot along the last dim (uniform classes), or a custom rule. */
export type InputInit =
  | { readonly kind: 'normal'; readonly scale: number }
  | { readonly kind: 'oneHot' }
  | { readonly kind: 'custom'; readonly make: (rng: Rng, shape: readonly number[]) => NdArray };

/** A builder plus the initialisation rule of each input declared through it. */
export class ModelInputs {
  private readonly inits = new Map<string, InputInit>();
  constructor(readonly b: ProgramBuilder) {}

  /** A parameter ~ N(0, 1/fanIn) (LeCun normal: activations keep unit variance). */
  param(name: string, shape: readonly number[], fanIn: number): ValueId {
    return this.declare(name, shape, 'param', { kind: 'normal', scale: 1 / Math.sqrt(fanIn) });
  }

  /** A data input (batch, labels, masks). */
  data(name: string, shape: readonly number[], init: InputInit): ValueId {
    return this.declare(name, shape, 'data', init);
  }

  /** A parameter with an explicit initialisation. */
  paramWith(name: string, shape: readonly number[], init: InputInit): ValueId {
    return this.declare(name, shape, 'param', init);
  }

  private declare(name: string, shape: readonly number[], role: InputRole, init: InputInit): ValueId {
    const id = this.b.input(name, shape, role);
    this.inits.set(this.b.value(id).name, init);
    return id;
  }

  /** Draws every input of `program` in program order from one stream seeded by `seed` (float32). */
  initialInputs(program: Program, seed: number): Map<string, NdArray> {
    const rng = createRng(seed);
    const out = new Map<string, NdArray>();
    for (const v of program.values) {
      if (v.node.kind !== 'input') continue;
      const init = this.inits.get(v.name);
      if (init === undefined) throw new Error(`no initialisation for input '${v.name}'`);
      out.set(v.name, draw(init, v.shape, rng));
    }
    return out;
  }
}

function draw(init: InputInit, shape: readonly number[], rng: Rng): NdArray {
  switch (init.kind) {
    case 'normal':
      return fillNormal(shape, init.scale, rng, 'f32');
    case 'oneHot': {
      const depth = shape[shape.length - 1] ?? 1;
      const data = new Float32Array(sizeOf(shape));
      for (let row = 0; row < data.length; row += depth) data[row + nextInt(rng, depth)] = 1;
      return { shape: [...shape], data };
    }
    case 'custom':
      return init.make(rng, shape);
  }
}

/** Additive causal mask [1, 1, s, t]: 0 where key t ≤ query s, −1e9 elsewhere (exp underflows to 0). */
export const causalMask: InputInit = {
  kind: 'custom',
  make: (_rng, shape) => {
    const s = shape[2] ?? 1;
    const t = shape[3] ?? 1;
    const data = new Float32Array(s * t);
    for (let i = 0; i < s; i++) for (let j = 0; j < t; j++) data[i * t + j] = j <= i ? 0 : -1e9;
    return { shape: [...shape], data };
  },
};
