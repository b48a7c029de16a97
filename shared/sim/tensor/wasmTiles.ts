// The matmul kernel in WebAssembly SIMD: strided operands are packed into 4-row / 4-column panels (the layout
// of matmulKernel.ts), every 4×4 output tile is accumulated two f64 lanes per instruction, and the tiles are
// written back through the output's strides, all inside the module: ~3× the JavaScript loop, and no per-element
// work left in JavaScript. Each lane computes c += x·y as an f64 multiply then an f64 add, in increasing k,
// exactly the JavaScript loop's roundings (no fused multiply-add), so results are bit-identical. The module
// (~600 bytes) is assembled below; where WebAssembly or its SIMD is unavailable `tileKernel()` is undefined and
// callers keep the JavaScript loops.
//
//   tiles(pa, pb, out, rowPanels, colPanels, k, ldo)        ;; byte offsets, ldo in bytes
//     for i < rowPanels, j < colPanels:
//       acc[r][h] = 0 (rows r < 4, column halves h < 2, f64x2); a = pa + 32ik, b = pb + 32jk
//       repeat k: y_h = v128.load b + 16h; for r: x = f64x2.splat(f64.load a + 8r); acc[r][h] += x·y_h
//                 a += 32, b += 32
//       v128.store out + 4i·ldo + 32j + r·ldo + 16h ← acc[r][h]
//   matmul(a, ars, aks, b, bks, bcs, o, ors, ocs, m, k, n, work)   ;; strides in bytes
//     pack a(i, p) and b(p, j) into panels at `work` (zeros past m and n), tiles(…), then
//     o(i, j) ← tile(i, j) for i < m, j < n

/** The compiled kernel and its memory. */
export interface TileKernel {
  /** A view of the kernel's memory with room for at least `doubles` elements (grown as needed). */
  scratch(doubles: number): Float64Array;
  /**
   * o(i, j) = Σ_p a(i, p)·b(p, j) for m×k, k×n, m×n matrices in the kernel's memory: element (i, j) of a at
   * byte a + i·ars + j·aks (likewise b, o). `work` is the byte offset of `workDoubles(m, k, n)` free doubles.
   */
  matmul(
    a: number,
    ars: number,
    aks: number,
    b: number,
    bks: number,
    bcs: number,
    o: number,
    ors: number,
    ocs: number,
    m: number,
    k: number,
    n: number,
    work: number,
  ): void;
}

/** Scratch doubles `matmul` needs for its panels and tiles. */
export const workDoubles = (m: number, k: number, n: number): number => {
  const rows = Math.ceil(m / 4) * 4;
  const cols = Math.ceil(n / 4) * 4;
  return (rows + cols) * k + rows * cols;
};

/** Unsigned LEB128 (also the signed form of the small non-negative constants used here). */
const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    const byte = n & 0x7f;
    n >>>= 7;
    out.push(n === 0 ? byte : byte | 0x80);
  } while (n !== 0);
  return out;
};

type Code = number[];
const I32 = 0x7f;
const V128 = 0x7b;
const get = (l: number): Code => [0x20, ...uleb(l)];
const set = (l: number): Code => [0x21, ...uleb(l)];
const tee = (l: number): Code => [0x22, ...uleb(l)];
const i32 = (v: number): Code => [0x41, ...uleb(v)];
const [ADD, MUL, SUB, LT_S, EQZ, SHR_U, AND] = [[0x6a], [0x6c], [0x6b], [0x48], [0x45], [0x76], [0x71]];
const simd = (op: number): Code => [0xfd, ...uleb(op)];
const loadV = (offset: number): Code => [...simd(0x00), 4, ...uleb(offset)];
const storeV = (offset: number): Code => [...simd(0x0b), 4, ...uleb(offset)];
const [LOAD_F64, STORE_F64] = [
  [0x2b, 3, 0],
  [0x39, 3, 0],
];
const F64_ZERO = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
const [SPLAT, F64X2_ADD, F64X2_MUL] = [simd(0x14), simd(0xf0), simd(0xf2)];
const V128_ZERO = [...simd(0x0c), ...new Array<number>(16).fill(0)];
const [LOOP, BLOCK, IF, ELSE, END, BR_IF_0] = [
  [0x03, 0x40],
  [0x02, 0x40],
  [0x04, 0x40],
  [0x05],
  [0x0b],
  [0x0d, 0x00],
];
const cat = (...parts: Code[]): Code => parts.flat();
/** `body` run `count` times (a local, counted down to 0; none when it starts at 0). */
// prettier-ignore
const repeat = (count: number, ...body: Code[]): Code =>
  cat(BLOCK, get(count), EQZ, BR_IF_0, LOOP, ...body, get(count), i32(1), SUB, tee(count), BR_IF_0, END, END);
/** `body` for index = 0, 1, … while index < limit (at least once). */
// prettier-ignore
const forEach = (index: number, limit: number, ...body: Code[]): Code =>
  cat(i32(0), set(index), LOOP, ...body, get(index), i32(1), ADD, tee(index), get(limit), LT_S, BR_IF_0, END);
/** local = value. */
const assign = (local: number, ...value: Code[]): Code => cat(...value, set(local));
/** base + index·stride. */
const offset = (base: Code, index: Code, stride: Code): Code => cat(base, index, stride, MUL, ADD);
/** local += step. */
const bump = (local: number, step: Code): Code => assign(local, get(local), step, ADD);
/** *dst = *src (one f64). */
const copyF64 = (dst: number, src: number): Code => cat(get(dst), get(src), LOAD_F64, STORE_F64);

function tilesBody(): Code {
  // Params pa pb out rowPanels colPanels k ldo; locals i j p a b o (i32), acc[8] x y0 y1 (v128).
  const [PA, PB, OUT, ROWS, COLS, K, LDO, I, J, P, A, B, O, ACC, X, Y0, Y1] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 21, 22, 23,
  ];
  const panel = cat(get(K), i32(32), MUL);
  const step: Code[] = [assign(Y0, get(B), loadV(0)), assign(Y1, get(B), loadV(16))];
  const store: Code[] = [];
  for (let r = 0; r < 4; r++) {
    step.push(assign(X, get(A), [0x2b, 3, ...uleb(8 * r)], SPLAT));
    for (let h = 0; h < 2; h++) {
      const acc = ACC + 2 * r + h;
      step.push(assign(acc, get(acc), get(X), get(h === 0 ? Y0 : Y1), F64X2_MUL, F64X2_ADD));
      store.push(get(O), get(acc), storeV(16 * h));
    }
    store.push(bump(O, get(LDO)));
  }
  const tile = cat(
    ...Array.from({ length: 8 }, (_, c) => assign(ACC + c, V128_ZERO)),
    assign(A, offset(get(PA), get(I), panel)),
    assign(B, offset(get(PB), get(J), panel)),
    assign(P, get(K)),
    repeat(P, ...step, bump(A, i32(32)), bump(B, i32(32))),
    assign(O, offset(offset(get(OUT), get(I), cat(i32(4), get(LDO), MUL)), get(J), i32(32))),
    ...store,
  );
  return cat(uleb(2), uleb(6), [I32], uleb(11), [V128], forEach(I, ROWS, forEach(J, COLS, tile)), END);
}

function matmulBody(): Code {
  // Params a ars aks b bks bcs o ors ocs m k n work; locals (i32) from 13.
  const [A, ARS, AKS, B, BKS, BCS, O, ORS, OCS, M, K, N, WORK] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const [ROWS, COLS, IDX, CNT, CNT2, SRC, DST, PANEL, PA, PB, TILE, LDO] = [
    13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
  ];
  const panels = (n: number) => cat(get(n), i32(3), ADD, i32(2), SHR_U);
  /** 4·`count` lines into panels at `base`: line idx < limit from src + idx·stride (k step kStride), else zeros. */
  const pack = (base: number, count: number, limit: number, src: number, stride: number, kStride: number) =>
    cat(
      assign(IDX, i32(0)),
      assign(CNT, get(count), i32(4), MUL),
      repeat(
        CNT,
        assign(DST, offset(get(base), cat(get(IDX), i32(2), SHR_U), get(PANEL))),
        bump(DST, cat(get(IDX), i32(3), AND, i32(8), MUL)),
        assign(CNT2, get(K)),
        cat(get(IDX), get(limit), LT_S, IF),
        assign(SRC, offset(get(src), get(IDX), get(stride))),
        repeat(CNT2, copyF64(DST, SRC), bump(DST, i32(32)), bump(SRC, get(kStride))),
        ELSE,
        repeat(CNT2, get(DST), F64_ZERO, STORE_F64, bump(DST, i32(32))),
        END,
        bump(IDX, i32(1)),
      ),
    );
  const code = cat(
    assign(ROWS, panels(M)),
    assign(COLS, panels(N)),
    assign(PANEL, get(K), i32(32), MUL),
    assign(LDO, get(COLS), i32(32), MUL),
    assign(PA, get(WORK)),
    assign(PB, offset(get(PA), get(ROWS), get(PANEL))),
    assign(TILE, offset(get(PB), get(COLS), get(PANEL))),
    pack(PA, ROWS, M, A, ARS, AKS),
    pack(PB, COLS, N, B, BCS, BKS),
    cat(...[PA, PB, TILE, ROWS, COLS, K, LDO].map(get), [0x10, 0]), // call tiles
    assign(IDX, i32(0)),
    assign(CNT, get(M)),
    repeat(
      CNT,
      assign(SRC, offset(get(TILE), get(IDX), get(LDO))),
      assign(DST, offset(get(O), get(IDX), get(ORS))),
      assign(CNT2, get(N)),
      repeat(CNT2, copyF64(DST, SRC), bump(SRC, i32(8)), bump(DST, get(OCS))),
      bump(IDX, i32(1)),
    ),
  );
  return cat(uleb(1), uleb(12), [I32], code, END);
}

const section = (id: number, bytes: Code): Code => [id, ...uleb(bytes.length), ...bytes];
const name = (s: string): Code => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];
const funcType = (params: number): Code => [0x60, params, ...new Array<number>(params).fill(I32), 0];
const body = (code: Code): Code => [...uleb(code.length), ...code];

function moduleBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [2, ...funcType(7), ...funcType(13)]),
    ...section(3, [2, 0, 1]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name('memory'), 2, 0, ...name('matmul'), 0, 1]),
    ...section(10, [2, ...body(tilesBody()), ...body(matmulBody())]),
  ]);
}

function instantiate(): TileKernel | undefined {
  if (typeof WebAssembly === 'undefined') return undefined;
  try {
    const bytes = moduleBytes();
    if (!WebAssembly.validate(bytes)) return undefined;
    const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
    const memory = exports.memory as WebAssembly.Memory;
    let view = new Float64Array(memory.buffer);
    return {
      scratch(doubles) {
        const missing = doubles * 8 - memory.buffer.byteLength;
        if (missing > 0) memory.grow(Math.ceil(missing / 65536));
        if (view.buffer !== memory.buffer) view = new Float64Array(memory.buffer);
        return view;
      },
      matmul: exports.matmul as TileKernel['matmul'],
    };
  } catch {
    return undefined;
  }
}

let kernel: TileKernel | undefined | null = null;

/** The WebAssembly kernel, compiled on first use; undefined where it cannot run. */
export function tileKernel(): TileKernel | undefined {
  if (kernel === null) kernel = instantiate();
  return kernel;
}
