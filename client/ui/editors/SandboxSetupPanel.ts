// The sandbox's first screen: choose a menu (a registry model, or a Megatron GPT) and a kitchen (hardware
// preset and number of kitchens), then start; a refused choice shows the core's reason and stays here.
import {
  SANDBOX_DEVICE_COUNTS,
  SANDBOX_KITCHENS,
  SANDBOX_MENUS,
  sandboxLevel,
  type Level,
  type Locale,
  type SandboxOptions,
} from '../../../shared/index.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { labelledSelect, setOptions } from './controls.ts';

export function renderSandboxSetup(
  root: HTMLElement,
  initial: SandboxOptions,
  t: Translate,
  locale: Locale,
  actions: { start: (level: Level, options: SandboxOptions) => void; back: () => void },
): void {
  const menu = labelledSelect(t('sandbox.menu'), () => syncDevices(), { id: 'sandbox-menu' });
  const kitchen = labelledSelect(t('sandbox.kitchen'), () => undefined, { id: 'sandbox-kitchen' });
  const devices = labelledSelect(t('sandbox.devices'), () => undefined, { id: 'sandbox-devices' });
  setOptions(
    menu.select,
    SANDBOX_MENUS.map((m) => ({ value: m.id, text: m.title[locale] })),
    initial.menu,
  );
  setOptions(
    kitchen.select,
    SANDBOX_KITCHENS.map((k) => ({
      value: k.id,
      text: t('sandbox.kitchenOption', { name: k.name[locale], gb: Math.round(k.memoryBytes / 1e9) }),
    })),
    initial.hardware,
  );
  const syncDevices = (want = Number(devices.select.value) || initial.devices) => {
    const engine =
      SANDBOX_MENUS.find((m) => m.id === menu.select.value)?.scenario.engine ?? 'tasting+pricing';
    const counts = SANDBOX_DEVICE_COUNTS[engine];
    const pick = counts.includes(want) ? want : (counts.filter((c) => c <= want).at(-1) ?? counts[0]!);
    setOptions(
      devices.select,
      counts.map((c) => ({ value: String(c), text: String(c) })),
      String(pick),
    );
  };
  syncDevices(initial.devices);
  const error = h('div', { class: 'refusal', role: 'alert', hidden: true });
  const start = h(
    'button',
    { type: 'button', class: 'button primary', id: 'sandbox-start' },
    t('sandbox.start'),
  );
  start.addEventListener('click', () => {
    const options = {
      menu: menu.select.value,
      hardware: kitchen.select.value,
      devices: Number(devices.select.value),
    };
    // Building the level evaluates its start plan (up to ~0.25 s for the 175B GPT): say so first, and let the
    // note paint before the work blocks the page.
    start.disabled = true;
    start.setAttribute('aria-busy', 'true');
    start.textContent = t('sandbox.preparing');
    requestAnimationFrame(() => setTimeout(() => build(options), 0));
  });
  const build = (options: { menu: string; hardware: string; devices: number }): void => {
    const r = sandboxLevel(options);
    if (r.ok) return actions.start(r.value, options);
    start.disabled = false;
    start.removeAttribute('aria-busy');
    start.textContent = t('sandbox.start');
    error.hidden = false;
    error.replaceChildren(
      h('pre', { class: 'jax' }, `${r.error.type}: ${r.error.message}`),
      h('p', {}, r.error.explanation[locale]),
    );
  };
  const back = h('button', { type: 'button', class: 'button' }, t('nav.back'));
  back.addEventListener('click', actions.back);
  root.replaceChildren(
    h(
      'section',
      { class: 'sheet sandbox-setup', 'aria-labelledby': 'sandbox-heading' },
      h('div', { class: 'sheet-head' }, h('h2', { id: 'sandbox-heading' }, t('sandbox.heading')), back),
      h('p', { class: 'muted' }, t('sandbox.help')),
      h('div', { class: 'fields' }, menu.label, kitchen.label, devices.label),
      error,
      h('div', { class: 'actions' }, start),
    ),
  );
  menu.select.focus();
}
