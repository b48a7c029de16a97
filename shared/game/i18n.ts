// The game's two languages (docs/design.md §5.4: every level in zh-CN and English). Texts are data: a level's
// story, a rule's explanation and a diagnosis all carry both, and the client picks one.

/** The languages every text of the game is written in. */
export const LOCALES = ['zh-CN', 'en'] as const;
/** A language of the game: 'zh-CN' or 'en'. */
export type Locale = (typeof LOCALES)[number];

/** One text in every language. */
export type Text = Readonly<Record<Locale, string>>;

/**
 * A text from its Chinese and English versions.
 * @example text('冷柜装不下', 'The fridge is too small').en // 'The fridge is too small'
 */
export const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
