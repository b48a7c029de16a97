// The export buttons of the level and score screens: "Copy JAX code" (clipboard, with a selectable text box
// as the fallback), "Download JAX (.py)" and "Download trace (.json)" (Blob + object URL). A refused export
// (the core cannot write the plan) shows the core's message in the status line.
import type { Evaluation, Level, PlanState } from '../../shared/index.ts';
import { jaxFile, traceFile, type ExportFile } from '../viewModels/exportFiles.ts';
import { h } from './dom.ts';
import type { Translate } from './translate.ts';

/** Saves `file` through a temporary link to an object URL. */
export function downloadFile(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mime }));
  const a = h('a', { href: url, download: file.name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Copies through the async clipboard, else the legacy copy command; false when neither works. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h('textarea', { 'aria-hidden': 'true', class: 'offscreen' });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export interface ExportSource {
  readonly level: Level;
  readonly plan: () => PlanState;
  readonly evaluation: () => Evaluation | null;
}

export interface ExportButtons {
  readonly element: HTMLElement;
  /** Enables the trace button only when there is an evaluation to export. */
  update(): void;
}

export function exportButtons(source: ExportSource, t: Translate): ExportButtons {
  const status = h('p', { class: 'export-status', role: 'status' });
  const fallback = h('textarea', { class: 'export-code', readonly: true, rows: '8', hidden: true });
  fallback.setAttribute('aria-label', t('export.copy'));
  const jax = (): ExportFile | null => {
    const r = jaxFile(source.level, source.plan());
    if (r.ok) return r.file;
    status.textContent = r.message;
    return null;
  };
  const button = (key: 'export.copy' | 'export.download' | 'export.trace', run: () => void) => {
    const b = h('button', { type: 'button', class: 'button small', 'data-export': key.slice(7) }, t(key));
    b.addEventListener('click', run);
    return b;
  };
  const copy = button('export.copy', () => {
    const file = jax();
    if (!file) return;
    fallback.hidden = true;
    void copyText(file.content).then((ok) => {
      status.textContent = t(ok ? 'export.copied' : 'export.copyFailed');
      if (!ok) {
        fallback.value = file.content;
        fallback.hidden = false;
        fallback.select();
      }
    });
  });
  const download = button('export.download', () => {
    const file = jax();
    if (!file) return;
    downloadFile(file);
    status.textContent = t('export.downloaded', { name: file.name });
  });
  const trace = button('export.trace', () => {
    const evaluation = source.evaluation();
    if (!evaluation) return;
    const file = traceFile(source.level, evaluation);
    downloadFile(file);
    status.textContent = t('export.downloaded', { name: file.name });
  });
  const element = h(
    'div',
    { class: 'exports' },
    h('div', { class: 'actions' }, copy, download, trace),
    h('p', { class: 'muted small' }, t('export.help')),
    status,
    fallback,
  );
  const update = () => {
    trace.disabled = source.evaluation() === null;
  };
  update();
  return { element, update };
}
