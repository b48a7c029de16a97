// A QR code of a link as SVG path data (ISO/IEC 18004 via qrcode-generator, error correction M), with the
// standard 4-module quiet zone so phone cameras find it on a projector.
import qrcode from 'qrcode-generator';

/** The dark modules of the code for `text`, row by row (`true` = dark). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

export const QUIET_ZONE = 4;

/** One SVG path (1 unit = 1 module) of the dark modules, offset by the quiet zone; `size` is the viewBox side. */
export function qrSvgPath(modules: readonly (readonly boolean[])[]): { d: string; size: number } {
  const parts: string[] = [];
  modules.forEach((row, r) => {
    // Runs of dark modules in a row become one rectangle each.
    for (let c = 0; c < row.length;) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      parts.push(`M${start + QUIET_ZONE} ${r + QUIET_ZONE}h${c - start}v1h${start - c}z`);
    }
  });
  return { d: parts.join(''), size: modules.length + 2 * QUIET_ZONE };
}
