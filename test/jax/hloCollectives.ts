// The collectives of a compiled XLA module, read from its HLO text, as mesh axes: each op's replica groups
// (three notations in XLA as of JAX 0.10: explicit `{{0,1},{2,3}}`; iota `[4,2]<=[8]` or
// `[2,2]<=[2,2]T(1,0)` — the device ids 0…n−1 reshaped to the dims after `<=`, transposed by T(…),
// flattened and cut into groups of the shape before `<=`; and the mesh form `mesh['axis_0'=4,'axis_1'=2]
// {'axis_1'}` — one group per setting of the axes not listed) turned into the mesh axes along which a
// group's devices differ. A tuple all-reduce (XLA's combiner merged several) counts once per element;
// async pairs count once (`-start`; `-done` is not matched).

/** One collective as the game names them: its kind and the mesh axes it runs over (mesh order). */
export interface HloCollective {
  readonly kind: string;
  readonly axes: readonly string[];
}

const OP =
  /= (\(.*?\)|\S+) (all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute)(?:-start)?\(/;

/** Device ids 0…n−1 as the iota notation lays them out. */
function iotaGroups(text: string): number[][] {
  const m = /^\[([\d,]+)\]<=\[([\d,]+)\](?:T\(([\d,]+)\))?/.exec(text);
  if (!m) throw new Error(`unreadable iota replica groups: ${text}`);
  const [groups, size] = m[1]!.split(',').map(Number) as [number, number];
  const dims = m[2]!.split(',').map(Number);
  const perm = m[3] ? m[3].split(',').map(Number) : dims.map((_, i) => i);
  const n = dims.reduce((a, b) => a * b, 1);
  const strides = dims.map((_, i) => dims.slice(i + 1).reduce((a, b) => a * b, 1));
  const tDims = perm.map((p) => dims[p]!);
  const ids: number[] = [];
  for (let flat = 0; flat < n; flat++) {
    let rest = flat;
    let id = 0;
    for (let k = tDims.length - 1; k >= 0; k--) {
      const c = rest % tDims[k]!;
      rest = Math.floor(rest / tDims[k]!);
      id += c * strides[perm[k]!]!;
    }
    ids.push(id);
  }
  return Array.from({ length: groups }, (_, g) => ids.slice(g * size, (g + 1) * size));
}

/** The mesh notation: one group per coordinate of the unlisted axes, varying along the listed ones. */
function meshGroups(text: string): number[][] {
  const m = /^mesh\[([^\]]*)\](?:,\s*device_ids=\(([^)]*\)?)\))?\s*\{([^}]*)\}/.exec(text);
  if (!m) throw new Error(`unreadable mesh replica groups: ${text}`);
  // device_ids=([2,2]T(1,0)): mesh position p holds device ids[p] (iota reshaped, transposed, flattened).
  const ids = m[2]
    ? m[2].startsWith('[')
      ? iotaGroups(
          `[1,${m[2]
            .match(/^\[([\d,]+)\]/)![1]!
            .split(',')
            .reduce((a, b) => a * Number(b), 1)}]<=${m[2]}`,
        )[0]!
      : m[2].split(',').map(Number)
    : undefined;
  const axes = m[1]!.split(',').map((a) => {
    const [name, size] = a.split('=');
    return { name: name!.trim().replace(/'/g, ''), size: Number(size) };
  });
  const listed = new Set(
    m[3]!
      .split(',')
      .map((a) => a.trim().replace(/'/g, ''))
      .filter(Boolean),
  );
  const n = axes.reduce((p, a) => p * a.size, 1);
  const key = (id: number) => {
    let rest = id;
    const coords: number[] = [];
    for (let k = axes.length - 1; k >= 0; k--) {
      coords[k] = rest % axes[k]!.size;
      rest = Math.floor(rest / axes[k]!.size);
    }
    return axes.map((a, k) => (listed.has(a.name) ? '*' : String(coords[k]))).join(',');
  };
  const groups = new Map<string, number[]>();
  for (let p = 0; p < n; p++) groups.set(key(p), [...(groups.get(key(p)) ?? []), ids?.[p] ?? p]);
  return [...groups.values()];
}

/** The replica groups of one HLO line (explicit lists, iota, or mesh), or undefined when it has none. */
export function replicaGroups(line: string): number[][] | undefined {
  const at = line.indexOf('replica_groups=');
  const pairs = line.indexOf('source_target_pairs=');
  if (at < 0 && pairs >= 0) {
    const text = line.slice(pairs);
    const pairList = text.slice(0, text.indexOf('}}') + 2);
    return [...pairList.matchAll(/\{(\d+),(\d+)\}/g)].map((p) => [Number(p[1]), Number(p[2])]);
  }
  if (at < 0) return undefined;
  const text = line.slice(at + 'replica_groups='.length);
  if (text.startsWith('mesh[')) return meshGroups(text);
  if (text.startsWith('[')) return iotaGroups(text);
  const m = /^\{((?:\{[\d,]*\},?)*)\}/.exec(text);
  if (!m) throw new Error(`unreadable replica groups: ${text.slice(0, 80)}`);
  return [...m[1]!.matchAll(/\{([\d,]*)\}/g)].map((g) => (g[1] ? g[1].split(',').map(Number) : []));
}

/** The mesh axes along which the devices of every group differ (row-major device ids over `mesh`). */
export function groupAxes(
  groups: readonly (readonly number[])[],
  mesh: readonly (readonly [string, number])[],
): string[] {
  const coords = (id: number) => {
    const c: number[] = [];
    let rest = id;
    for (let k = mesh.length - 1; k >= 0; k--) {
      c[k] = rest % mesh[k]![1];
      rest = Math.floor(rest / mesh[k]![1]);
    }
    return c;
  };
  const varies = new Set<number>();
  for (const g of groups) {
    const first = coords(g[0] ?? 0);
    for (const id of g) coords(id).forEach((c, k) => c !== first[k] && varies.add(k));
  }
  return mesh.filter((_, k) => varies.has(k)).map(([name]) => name);
}

/** Every collective of the HLO lines, tuple all-reduces counted per element, over `mesh`'s axes. */
export function hloCollectives(
  lines: readonly string[],
  mesh: readonly (readonly [string, number])[],
): HloCollective[] {
  const out: HloCollective[] = [];
  for (const line of lines) {
    const m = OP.exec(line);
    if (!m) continue;
    const type = m[1]!;
    const kind = m[2]!;
    const groups = replicaGroups(line) ?? [];
    const axes = groupAxes(groups, mesh);
    const elements = kind === 'all-reduce' && type.startsWith('(') ? type.split('[').length - 1 : 1;
    for (let i = 0; i < elements; i++) out.push({ kind, axes });
  }
  return out;
}

/** A multiset of collectives as sorted `kind over a,b` keys (the form the tests compare). */
export const collectiveKeys = (cs: readonly { kind: string; axes: readonly string[] }[]): string[] =>
  cs.map((c) => `${c.kind} over ${c.axes.join(',')}`).sort();
