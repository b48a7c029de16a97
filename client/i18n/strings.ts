// Every text the client shows, in both languages. Keys are stable; the zh-CN and English texts keep the
// kitchen metaphor of DESIGN.md §2 consistent (厨房 = device, 网格 = Mesh, 传菜窗口 = link).

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const en = {
  'app.title': 'Mesh Kitchen',
  'title.headline': 'Mesh Kitchen',
  'title.subtitle': 'Cook a banquet too big for one fridge: learn model parallelism the JAX way',
  'title.meshCaption': 'Kitchen grid {mesh}: {n} kitchens',
  'title.kitchen': 'Kitchen {id}',
  'lang.switch': '中文',
  'lang.switchLabel': 'Switch to Chinese',
  'net.connecting': 'Connecting…',
  'net.online': 'Server {ms} ms',
  'net.offline': 'Offline: solo play still works',
} as const;

export type StringKey = keyof typeof en;

const zh: Record<StringKey, string> = {
  'app.title': '模型并行厨房',
  'title.headline': '模型并行厨房',
  'title.subtitle': '一个冷柜装不下满汉全席：用 JAX 的方式学模型并行',
  'title.meshCaption': '厨房网格 {mesh}：{n} 间厨房',
  'title.kitchen': '{id} 号厨房',
  'lang.switch': 'English',
  'lang.switchLabel': '切换到英文',
  'net.connecting': '正在连接…',
  'net.online': '服务器 {ms} 毫秒',
  'net.offline': '离线：单人关卡仍可玩',
};

const TABLES: Record<Locale, Record<StringKey, string>> = { en, 'zh-CN': zh };

/** Looks up a text and fills `{name}` placeholders. */
export function translate(
  locale: Locale,
  key: StringKey,
  params: Record<string, string | number> = {},
): string {
  return TABLES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The locale a first-time visitor gets: Chinese when the browser prefers any zh variant, else English. */
export function defaultLocale(languages: readonly string[]): Locale {
  return languages.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}
