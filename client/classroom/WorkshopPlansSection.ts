// The create form's saved workshop plans: load one (title, rounds, planning time, teams), save the form as a
// named plan, delete one. Kept in this browser's localStorage (viewModels/workshopPlans.ts).
import { h } from '../ui/dom.ts';
import { translator, type ClassroomContext } from './context.ts';
import {
  deleteWorkshopPlan,
  MAX_WORKSHOP_NAME,
  parseWorkshopPlan,
  readWorkshopPlans,
  saveWorkshopPlan,
  WORKSHOP_STORAGE_KEY,
  type WorkshopPlan,
} from './viewModels/workshopPlans.ts';
import { button } from './widgets.ts';

export interface WorkshopPlanForm {
  /** The form's present values (the name is added here). */
  current(): Omit<WorkshopPlan, 'name'>;
  load(plan: WorkshopPlan): void;
}

export function workshopPlansSection(
  ctx: ClassroomContext,
  levelExists: (id: string) => boolean,
  form: WorkshopPlanForm,
): HTMLElement {
  const t = translator(ctx);
  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return undefined;
    }
  })();
  const read = () => readWorkshopPlans(storage?.getItem(WORKSHOP_STORAGE_KEY) ?? null, levelExists);
  const write = (plans: readonly WorkshopPlan[]) =>
    storage?.setItem(WORKSHOP_STORAGE_KEY, JSON.stringify(plans));

  const status = h('p', { class: 'form-note', role: 'status' });
  const pick = h('select', { id: 'workshop-pick' });
  const name = h('input', { id: 'workshop-name', maxlength: String(MAX_WORKSHOP_NAME) });
  const draw = () => {
    const plans = read();
    pick.replaceChildren(
      ...plans.map((p) =>
        h('option', { value: p.name }, t('cls.workshop.option', { name: p.name, n: p.rounds.length })),
      ),
    );
    load.disabled = remove.disabled = plans.length === 0;
  };
  const load = button(t('cls.workshop.load'), () => {
    const plan = read().find((p) => p.name === pick.value);
    if (!plan) return;
    form.load(plan);
    name.value = plan.name;
    status.textContent = t('cls.workshop.loaded', { name: plan.name });
  });
  const remove = button(t('cls.workshop.delete'), () => {
    write(deleteWorkshopPlan(read(), pick.value));
    status.textContent = t('cls.workshop.deleted', { name: pick.value });
    draw();
  });
  const save = button(t('cls.workshop.save'), () => {
    const plan = parseWorkshopPlan({ ...form.current(), name: name.value }, levelExists);
    if (!plan) return void (status.textContent = t('cls.workshop.invalid', { max: MAX_WORKSHOP_NAME }));
    write(saveWorkshopPlan(read(), plan));
    status.textContent = t('cls.workshop.saved', { name: plan.name });
    draw();
    pick.value = plan.name;
  });
  draw();
  return h(
    'details',
    { class: 'workshop-plans' },
    h('summary', {}, t('cls.workshop.heading')),
    h('label', { for: 'workshop-pick' }, t('cls.workshop.pick')),
    h('div', { class: 'row' }, pick, load, remove),
    h('label', { for: 'workshop-name' }, t('cls.workshop.name', { max: MAX_WORKSHOP_NAME })),
    h('div', { class: 'row' }, name, save),
    status,
  );
}
