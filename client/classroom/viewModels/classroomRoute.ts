// Which classroom page the address asks for (docs/design.md §5.1): `?join[=CODE]` player, `?host` create form,
// `?host=CODE` dashboard, `?projector=CODE` projector; anything else is the solo game (null).
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../../shared/index.ts';

export type ClassroomRoute =
  | { readonly page: 'join'; readonly code: string | null }
  | { readonly page: 'hostCreate' }
  | { readonly page: 'host'; readonly code: string }
  | { readonly page: 'projector'; readonly code: string }
  /** A host or projector address whose code cannot be a join code. */
  | { readonly page: 'badCode'; readonly raw: string };

/**
 * A typed or linked code in its canonical form (upper case, spaces and dashes dropped), or null when it
 * cannot be a join code (wrong length or a character outside JOIN_CODE_ALPHABET).
 * @example normaliseCode(' abc-def ') // 'ABCDEF'; normaliseCode('ABCDE0') // null (no 0 in the alphabet)
 */
export function normaliseCode(raw: string): string | null {
  const code = raw.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== JOIN_CODE_LENGTH) return null;
  for (const ch of code) if (!JOIN_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The route of `location.search`; the first of join / host / projector present wins. */
export function classroomRoute(search: string): ClassroomRoute | null {
  const q = new URLSearchParams(search);
  const join = q.get('join');
  if (join !== null) return { page: 'join', code: normaliseCode(join) };
  const host = q.get('host');
  if (host !== null) {
    if (host.trim() === '') return { page: 'hostCreate' };
    const code = normaliseCode(host);
    return code ? { page: 'host', code } : { page: 'badCode', raw: host };
  }
  const projector = q.get('projector');
  if (projector !== null) {
    const code = normaliseCode(projector);
    return code ? { page: 'projector', code } : { page: 'badCode', raw: projector };
  }
  return null;
}

/** The address players open (and the projector's QR code encodes). */
export const joinLink = (origin: string, code: string): string => `${origin}/?join=${code}`;
export const hostLink = (origin: string, code: string): string => `${origin}/?host=${code}`;
export const projectorLink = (origin: string, code: string): string => `${origin}/?projector=${code}`;

/** The code spaced for reading aloud: 'ABC234' → 'ABC 234'. */
export const spacedCode = (code: string): string => `${code.slice(0, 3)} ${code.slice(3)}`;
