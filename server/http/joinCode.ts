// Join codes (shared/protocol/classroom.ts): JOIN_CODE_LENGTH characters of JOIN_CODE_ALPHABET drawn with
// node:crypto, 31^6 ≈ 8.9·10^8 codes; a code already stored or running is drawn again.
import { randomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../shared/index.ts';

/** Whether `code` has the shape of a join code (so it can be used as a room id and a key). */
export const isJoinCode = (code: string): boolean =>
  code.length === JOIN_CODE_LENGTH && [...code].every((c) => JOIN_CODE_ALPHABET.includes(c));

/** A fresh code for which `taken` is false (gives up after 100 draws: the code space is exhausted). */
export async function newJoinCode(taken: (code: string) => boolean | Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    let code = '';
    for (let i = 0; i < JOIN_CODE_LENGTH; i++)
      code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
    if (!(await taken(code))) return code;
  }
  throw new Error('No free join code found.');
}
