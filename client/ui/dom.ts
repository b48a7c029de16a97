// A tiny element builder for the DOM panels: h('p', { class: 'muted' }, 'text', child). Text children keep
// each figure on one line with its unit (keepFiguresTogether.ts).
import { keepFiguresTogether } from './keepFiguresTogether.ts';

type Child = Node | string | null | undefined | false;

/** Elements whose content is text alone: their strings stay plain text nodes. */
const TEXT_ONLY: ReadonlySet<string> = new Set(['option', 'textarea', 'title', 'style', 'script']);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children)
    if (typeof child === 'string') el.append(...(TEXT_ONLY.has(tag) ? [child] : keepFiguresTogether(child)));
    else if (child) el.append(child);
  return el;
}
