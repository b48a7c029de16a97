// The translate function the DOM panels take (the locale store's `t`, bound).
import type { StringKey } from '../i18n/strings.ts';

export type Translate = (key: StringKey, params?: Record<string, string | number>) => string;
