// A team as the classroom pages hold it (roomState.ts TeamView), for view-model tests: no members, no
// captain, unlocked, named `Team <id>` / `<id> 队` unless `names` says otherwise.
import type { TeamView } from '../../../client/classroom/viewModels/roomState.ts';

export function teamView(
  id: string,
  points: number,
  colour = 0,
  names: { readonly en: string; readonly zh: string } = { en: `Team ${id}`, zh: `${id} 队` },
): TeamView {
  return {
    id,
    name: names.en,
    nameZh: names.zh,
    colour,
    captain: '',
    members: [],
    locked: false,
    points,
    lastScore: 0,
    rank: 0,
    planVersion: 0,
  };
}
