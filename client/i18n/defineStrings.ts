// One feature's texts: the English table fixes the keys, the zh-CN table must give every one of them.
export interface StringTables<K extends string> {
  readonly en: Readonly<Record<K, string>>;
  readonly zh: Readonly<Record<K, string>>;
}

/** Pairs a feature's English and zh-CN tables; a missing or extra zh-CN key is a type error. */
export function defineStrings<const E extends Record<string, string>>(
  en: E,
  zh: { readonly [K in keyof E]: string },
): StringTables<Extract<keyof E, string>> {
  return { en, zh } as StringTables<Extract<keyof E, string>>;
}
