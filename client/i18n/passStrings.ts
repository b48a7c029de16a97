// The names of the pass kinds (`views.kind.<kind>`), taken from the core's one table (shared/game/passNames.ts)
// so that the views' legends and rows name a kind as the debriefs do.
import { PASS_KINDS, PASS_NAMES, type PassKind } from '../../shared/index.ts';
import type { StringTables } from './defineStrings.ts';

type PassKey = `views.kind.${PassKind}`;

const table = (locale: 'en' | 'zh-CN') =>
  Object.fromEntries(PASS_KINDS.map((k) => [`views.kind.${k}`, PASS_NAMES[k][locale]])) as Record<
    PassKey,
    string
  >;

export const passStrings: StringTables<PassKey> = { en: table('en'), zh: table('zh-CN') };
