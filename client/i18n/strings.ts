// Every text the client shows, in both languages: one table per feature (defineStrings), merged here.
// Adding a feature's texts means adding its file to CATALOGS.
import { soloStrings } from './soloStrings.ts';
import { polishStrings } from './polishStrings.ts';
import { editorStrings } from './editorStrings.ts';
import { viewStrings } from './viewStrings.ts';
import { classroomStrings } from './classroomStrings.ts';
import { parStrings } from './parStrings.ts';
import { classroomRunStrings } from './classroomRunStrings.ts';
import { classroomScreenStrings } from './classroomScreenStrings.ts';
import { classroomSeatStrings } from './classroomSeatStrings.ts';
import { classroomPlayStrings } from './classroomPlayStrings.ts';
import { passStrings } from './passStrings.ts';
import { scheduleStrings } from './scheduleStrings.ts';

import { LOCALES, tidyZh, type Locale } from '../../shared/index.ts';

export { LOCALES, type Locale };

const CATALOGS = [
  soloStrings,
  polishStrings,
  editorStrings,
  viewStrings,
  classroomStrings,
  parStrings,
  classroomRunStrings,
  classroomScreenStrings,
  classroomSeatStrings,
  classroomPlayStrings,
  passStrings,
  scheduleStrings,
] as const;

type KeysOf<C> = C extends { readonly en: Readonly<Record<infer K, string>> } ? K : never;
export type StringKey = KeysOf<(typeof CATALOGS)[number]>;

function merge(pick: (c: (typeof CATALOGS)[number]) => Readonly<Record<string, string>>) {
  const table: Record<string, string> = {};
  for (const catalog of CATALOGS)
    for (const [key, value] of Object.entries(pick(catalog))) {
      if (key in table) throw new Error(`duplicate text key ${key}`);
      table[key] = value;
    }
  return table as Record<StringKey, string>;
}

const TABLES: Record<Locale, Record<StringKey, string>> = {
  en: merge((c) => c.en),
  'zh-CN': merge((c) => c.zh),
};

/** Every text key, for the scans of every text a screen can show (test/client/i18n). */
export const STRING_KEYS = Object.keys(TABLES.en) as readonly StringKey[];

/** Looks up a text and fills `{name}` placeholders. */
export function translate(
  locale: Locale,
  key: StringKey,
  params: Record<string, string | number> = {},
): string {
  const filled = TABLES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return locale === 'zh-CN' ? tidyZh(filled) : filled;
}

/** The locale a first-time visitor gets: Chinese when the browser prefers any zh variant, else English. */
export function defaultLocale(languages: readonly string[]): Locale {
  return languages.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}
