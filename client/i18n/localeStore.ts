// The player's language choice: kept in localStorage, announced to every listener (scenes redraw their text).
import { defaultLocale, LOCALES, translate, type Locale, type StringKey } from './strings.ts';

const STORAGE_KEY = 'mesh-kitchen.locale';
type Listener = (locale: Locale) => void;

export class LocaleStore {
  private current: Locale;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly storage: Storage | undefined,
    languages: readonly string[],
  ) {
    const saved = storage?.getItem(STORAGE_KEY);
    this.current = LOCALES.includes(saved as Locale) ? (saved as Locale) : defaultLocale(languages);
  }

  get locale(): Locale {
    return this.current;
  }

  t(key: StringKey, params?: Record<string, string | number>): string {
    return translate(this.current, key, params);
  }

  set(locale: Locale): void {
    if (locale === this.current) return;
    this.current = locale;
    this.storage?.setItem(STORAGE_KEY, locale);
    for (const listener of this.listeners) listener(locale);
  }

  toggle(): void {
    this.set(this.current === 'en' ? 'zh-CN' : 'en');
  }

  /** Calls `listener` now and on every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => this.listeners.delete(listener);
  }
}
