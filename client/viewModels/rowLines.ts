// Where a list row too wide for its room breaks (the static and local views' rows): between its parts — the
// " · " between a pass's name and each of its figures, the two spaces between a value's name, label and shape —
// then, inside a part wider than a whole line, at its words' spaces, and inside a word wider than a line where
// breakLines.ts (UAX #14) allows or after a tensor name's "_" (UAX #14 reads "dloss_log_softmax_lse" as one
// word, cut anywhere). A figure is never cut: when the row would take more than `maxLines`, only its first
// part (a pass's or value's name) gives up lines, the last it keeps ending in "…". Pure: widths from `measure`.
import { breakLines } from '../views/breakLines.ts';
import { ellipsize } from '../views/ellipsize.ts';

/** The separators a row breaks at first: its parts' " · ", a value row's two spaces. */
const PART_SEPARATOR = / · | {2}/g;
/** Then, inside a part wider than a line: its words' spaces (a figure's no-break spaces are not). */
const WORD_SEPARATOR = / /g;
/** Zero-width space: marks a break after "_" for breakLines, measured as nothing and never drawn. */
const ZWSP = '\u200b';

interface Part {
  /** The separator before the part ('' for the first); dropped where a line breaks. */
  readonly sep: string;
  readonly text: string;
}

function split(text: string, separator: RegExp): Part[] {
  const out: Part[] = [];
  let sep = '';
  let last = 0;
  for (const m of text.matchAll(separator)) {
    out.push({ sep, text: text.slice(last, m.index) });
    sep = m[0];
    last = m.index + m[0].length;
  }
  out.push({ sep, text: text.slice(last) });
  return out;
}

/**
 * `list` packed greedily into lines no wider than `room`; a part wider than a line is broken by `inside`
 * and the next part may follow its last line.
 */
function pack(
  list: readonly Part[],
  room: number,
  measure: (s: string) => number,
  inside: (text: string) => string[],
): string[] {
  const fits = (s: string) => measure(s) <= room;
  const lines: string[] = [];
  let line = '';
  for (const { sep, text } of list) {
    if (line !== '' && fits(line + sep + text)) {
      line += sep + text;
      continue;
    }
    if (line !== '') lines.push(line);
    if (fits(text)) {
      line = text;
      continue;
    }
    const broken = inside(text);
    lines.push(...broken.slice(0, -1));
    line = broken[broken.length - 1] ?? '';
  }
  lines.push(line);
  return lines;
}

/** A part wider than a line: at its words' spaces, then a word where UAX #14 allows or after a "_". */
function breakPart(text: string, room: number, measure: (s: string) => number): string[] {
  const bare = (s: string) => s.replaceAll(ZWSP, '');
  const breakWord = (word: string) =>
    breakLines(word.replaceAll('_', `_${ZWSP}`), room, (s) => measure(bare(s))).map(bare);
  return pack(split(text, WORD_SEPARATOR), room, measure, breakWord);
}

/** `list` in lines no wider than `room`, broken between its parts first. */
function packParts(list: readonly Part[], room: number, measure: (s: string) => number): string[] {
  return pack(list, room, measure, (text) => breakPart(text, room, measure));
}

/**
 * `text` in lines no wider than `room` (as `measure` says): one line when it fits, else broken between its
 * parts, a part wider than a line inside it; at most `maxLines` unless its figures alone need more.
 * @example rowLines('AllReduce w · 881 µs × 1 · 262 MB over stage', 30, units)
 * // ['AllReduce w · 881 µs × 1', '262 MB over stage']
 */
export function rowLines(text: string, room: number, measure: (s: string) => number, maxLines = 4): string[] {
  if (measure(text) <= room) return [text];
  const all = split(text, PART_SEPARATOR);
  const lines = packParts(all, room, measure);
  if (lines.length <= maxLines) return lines;
  // Too many lines: the figures (the parts after the first) keep theirs, the name is cut to what is left.
  const [head, ...tail] = all as [Part, ...Part[]];
  const tailLines =
    tail.length > 0 ? packParts([{ ...tail[0]!, sep: '' }, ...tail.slice(1)], room, measure) : [];
  const headRoom = Math.max(1, maxLines - tailLines.length);
  const headLines = packParts([head], room, measure);
  const kept = headLines.slice(0, headRoom - 1);
  // the head's text after the lines kept whole (a line break drops the space it breaks at)
  let offset = 0;
  for (const line of kept) offset = head.text.indexOf(line, offset) + line.length;
  const rest = head.text.slice(offset).trimStart();
  kept.push(ellipsize(rest, (s) => measure(s) <= room));
  return [...kept, ...tailLines];
}
