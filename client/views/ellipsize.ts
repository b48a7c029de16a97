// The longest head of a text that fits with an ellipsis, for a row too wide even at its smallest scale: a cut
// row says it was cut ("537 µs ×…"), where a bare cut read as a whole, wrong figure ("9.81" for "9.81 ms").
/** `content` itself when it fits, else the longest head (whole code points) + '…' that `fits`; '…' at least. */
export function ellipsize(content: string, fits: (candidate: string) => boolean): string {
  if (fits(content)) return content;
  const chars = Array.from(content);
  let lo = 0; // longest head known to fit
  let hi = chars.length - 1; // longest head that may fit
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(`${chars.slice(0, mid).join('').trimEnd()}…`)) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}
