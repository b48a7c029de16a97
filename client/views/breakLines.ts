// Lines of canvas text by the Unicode line-breaking algorithm (UAX #14, the `linebreak` package). Phaser's own
// wrap breaks only at ASCII spaces and cuts a longer run anywhere, so a Chinese headline — one run, its
// figures glued by no-break spaces — lost a figure's "%" to the next line ("空闲（气泡）0" / "%"). Here lines
// break where UAX #14 allows: after spaces, between ideographs, after "，"; never inside "0%", before "）"
// or at a no-break space. A segment wider than a whole line is still cut between characters.
import LineBreaker from 'linebreak';

/** Marks no line starts with (closing brackets and punctuation, a figure's %). */
const CLOSING = /^[)\]}）」』》，。、；：！？%]/u;

/** `text` in lines no wider than `width` (as `measure` says), greedily; hard line breaks are kept. */
export function breakLines(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  // the spaces a line ends in are not drawn (a no-break space is kept: it is part of a figure)
  const trim = (s: string) => s.replace(/ +$/, '');
  const fits = (s: string) => measure(trim(s)) <= width;
  const breaker = new LineBreaker(text);
  let last = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    let segment = text.slice(last, bk.position).replace(/\r?\n$/, '');
    last = bk.position;
    if (!fits(line + segment)) {
      if (trim(line) !== '') lines.push(trim(line));
      line = '';
      // too wide for a line of its own: cut between characters (code points), as Phaser does
      while (!fits(segment)) {
        const chars = Array.from(segment);
        let n = 1;
        while (n < chars.length && fits(chars.slice(0, n + 1).join(''))) n++;
        // a closing mark does not start the next line: it takes the character before it along (unless the
        // run is closing marks back to its start)
        let m = n;
        while (m > 1 && CLOSING.test(chars[m] ?? '')) m--;
        if (!CLOSING.test(chars[m] ?? '')) n = m;
        lines.push(trim(chars.slice(0, n).join('')));
        segment = chars.slice(n).join('');
      }
    }
    line += segment;
    if (bk.required) {
      lines.push(trim(line));
      line = '';
    }
  }
  if (line !== '' || lines.length === 0) lines.push(trim(line));
  return lines;
}
