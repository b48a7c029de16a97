// An out-of-memory step in words, as every screen says it (the dynamic view, the projector's service, the
// reveal, a phone's service): the fullest kitchen's bytes against a kitchen's fridge, decimal GB as the
// fridges are labelled. '' when the plan fits. Pure.
import { formatGb } from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';

export interface MemoryFit {
  /** The fullest kitchen's bytes. */
  readonly needBytes: number;
  readonly capacityBytes: number;
  readonly fits: boolean;
}

export const oomText = (m: MemoryFit, t: Translate): string =>
  m.fits ? '' : t('views.oom', { need: formatGb(m.needBytes), cap: formatGb(m.capacityBytes) });
