// The level list (DOM): every level's title, its kind and the stars earned; playable levels are buttons.
import type { LevelRow } from '../viewModels/levelCatalog.ts';
import { starGlyphs } from '../viewModels/levelCatalog.ts';
import type { Translate } from './translate.ts';
import { h } from './dom.ts';

export function renderLevelList(
  root: HTMLElement,
  rows: readonly LevelRow[],
  t: Translate,
  actions: { pick: (levelId: string) => void; back: () => void },
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
      row.playable
        ? h(
            'span',
            { class: 'stars', 'aria-label': t('list.stars', { n: row.stars }) },
            starGlyphs(row.stars),
          )
        : h('span', { class: 'muted' }, t('list.soon')),
    );
    const button = h(
      'button',
      { type: 'button', class: 'level-item', 'data-level': row.id, disabled: !row.playable },
      h('span', { class: 'level-title' }, row.title),
      meta,
    );
    button.addEventListener('click', () => actions.pick(row.id));
    return h('li', {}, button);
  });
  const back = h('button', { type: 'button', class: 'button' }, t('nav.back'));
  back.addEventListener('click', actions.back);
  root.replaceChildren(
    h(
      'section',
      { class: 'sheet', 'aria-labelledby': 'list-heading' },
      h('div', { class: 'sheet-head' }, h('h2', { id: 'list-heading' }, t('list.heading')), back),
      h('ul', { class: 'level-list' }, ...items),
    ),
  );
  root.querySelector<HTMLButtonElement>('.level-item:not([disabled])')?.focus();
}
