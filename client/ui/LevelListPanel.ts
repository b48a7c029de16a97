// The level list (DOM): every level's title, its kind and the stars earned, each a button; then the
// sandbox entry (any menu, any kitchen).
import type { LevelRow } from '../viewModels/levelCatalog.ts';
import { starGlyphs } from '../viewModels/levelCatalog.ts';
import type { Translate } from './translate.ts';
import { h } from './dom.ts';

export function renderLevelList(
  root: HTMLElement,
  rows: readonly LevelRow[],
  t: Translate,
  actions: { pick: (levelId: string) => void; sandbox: () => void; back: () => void },
): void {
  const items = rows.map((row) => {
    const meta = h(
      'span',
      { class: 'level-meta' },
      h(
        'span',
        { class: `tag tag-${row.kind}` },
        t(row.kind === 'concept' ? 'list.concept' : 'list.misconception'),
      ),
      h('span', { class: 'stars', 'aria-label': t('list.stars', { n: row.stars }) }, starGlyphs(row.stars)),
    );
    const button = h(
      'button',
      { type: 'button', class: 'level-item', 'data-level': row.id },
      h('span', { class: 'level-title' }, row.title),
      meta,
    );
    button.addEventListener('click', () => actions.pick(row.id));
    return h('li', {}, button);
  });
  const sandbox = h(
    'button',
    { type: 'button', class: 'level-item sandbox-item', id: 'sandbox-entry' },
    h('span', { class: 'level-title' }, t('list.sandbox')),
    h('span', { class: 'level-meta muted' }, t('list.sandboxHelp')),
  );
  sandbox.addEventListener('click', actions.sandbox);
  const back = h('button', { type: 'button', class: 'button' }, t('nav.back'));
  back.addEventListener('click', actions.back);
  root.replaceChildren(
    h(
      'section',
      { class: 'sheet', 'aria-labelledby': 'list-heading' },
      h('div', { class: 'sheet-head' }, h('h2', { id: 'list-heading' }, t('list.heading')), back),
      // The source the levels cite as "the article", named once before any level (issue 13 item 7).
      h('p', { class: 'muted', id: 'list-source' }, t('list.source')),
      h('ul', { class: 'level-list' }, ...items, h('li', {}, sandbox)),
    ),
  );
  root.querySelector<HTMLButtonElement>('.level-item')?.focus();
}
