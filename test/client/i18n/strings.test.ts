import { describe, expect, it } from 'vitest';
import { defaultLocale, translate } from '../../../client/i18n/strings.ts';
import { LocaleStore } from '../../../client/i18n/localeStore.ts';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('i18n', () => {
  it('fills placeholders in both languages', () => {
    expect(translate('en', 'title.kitchen', { id: 3 })).toBe('Kitchen 3');
    expect(translate('zh-CN', 'title.kitchen', { id: 3 })).toBe('3 号厨房');
  });

  it('sets a Chinese count as it is typeset: no space between 万 and its measure word', () => {
    expect(translate('zh-CN', 'cls.play.rate', { rate: '79.7 万', unit: '样本' })).toBe('每秒 79.7 万个样本');
    expect(translate('zh-CN', 'cls.play.rate', { rate: '709', unit: '样本' })).toBe('每秒 709 个样本');
    expect(translate('en', 'cls.play.rate', { rate: '797k', unit: 'examples' })).toBe('797k examples/s');
  });

  it('picks Chinese for any zh browser language, else English', () => {
    expect(defaultLocale(['zh-TW', 'en'])).toBe('zh-CN');
    expect(defaultLocale(['fr-FR', 'en-US'])).toBe('en');
  });

  it('remembers the choice and tells subscribers', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const store = new LocaleStore(storage, ['en-US']);
    const seen: string[] = [];
    store.subscribe((l) => seen.push(l));
    store.toggle();
    expect(seen).toEqual(['en', 'zh-CN']);
    expect(new LocaleStore(storage, ['en-US']).locale).toBe('zh-CN');
  });
});
