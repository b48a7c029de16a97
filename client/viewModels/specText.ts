// Reads back the propagated labels the tasting reports as JAX prints them (`repr(P(...))`, partitionSpec.ts
// specToString): "P(None, 'model')", "P(('data', 'model'), None)", "P('x', unreduced={'y'})", "P()". Axis
// names are mesh axis names (identifiers), so quotes inside names are not expected. Pure.
import { err, ok, type Result, type Sharding } from '../../shared/index.ts';

const NAME = /^'([^'\\]+)'$/;

/** The Sharding of a rank-`rank` array from its printed spec; trailing dimensions not named are whole. */
export function parseSpecText(text: string, rank: number): Result<Sharding> {
  const bad = (why: string) =>
    err('input/field', { path: 'label' }, `cannot read the label ${JSON.stringify(text)}: ${why}`);
  const m = /^P\((.*)\)$/.exec(text.trim());
  if (!m) return bad('it is not P(...)');
  let body = m[1]!.trim();
  let unreduced: string[] = [];
  const u = /(?:^|,\s*)unreduced=\{([^}]*)\}$/.exec(body);
  if (u) {
    const names = splitTop(u[1]!).map((s) => NAME.exec(s)?.[1]);
    if (names.some((n) => n === undefined)) return bad('an unreduced axis is not a quoted name');
    unreduced = names as string[];
    body = body.slice(0, u.index).trim();
  }
  const entries = splitTop(body);
  if (entries.length > rank) return bad(`it has ${entries.length} entries for an array of rank ${rank}`);
  const dims: string[][] = [];
  for (const e of entries) {
    if (e === 'None') dims.push([]);
    else if (NAME.test(e)) dims.push([NAME.exec(e)![1]!]);
    else if (e.startsWith('(') && e.endsWith(')')) {
      const names = splitTop(e.slice(1, -1)).map((s) => NAME.exec(s)?.[1]);
      if (names.length === 0 || names.some((n) => n === undefined)) return bad(`bad entry ${e}`);
      dims.push(names as string[]);
    } else return bad(`bad entry ${e}`);
  }
  while (dims.length < rank) dims.push([]);
  return ok({ dims, unreduced });
}

/** Splits on commas outside parentheses; drops the empty item of a trailing comma ("'x'," → ["'x'"]). */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(s.slice(start).trim());
  if (out.at(-1) === '') out.pop();
  return out;
}
