// Byte counts for the views, from the core's one formatting module (shared/game/format.ts); re-exported here
// for the views that import it from this file. Kitchen lists are the core's formatKitchens too.
export { formatBytes } from '../../shared/index.ts';
