// One load generator process of the classroom ramp (bench/classroomRamp.ts): runs runEditLoad with the JSON
// options in argv[2] against the server at options.url and prints its EditLoadResult as one JSON line. Run
// as `node --import tsx bench/support/loadProcess.ts '<json>'`; the ramp starts several so that the clients'
// own event loops are not what is measured.
import { runEditLoad, type EditLoadOptions } from './editLoad.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as EditLoadOptions;
let windowEdge = 0;
const result = await runEditLoad({
  ...options,
  // the ramp reads the server's CPU from its own window; this process tells it when its window opens/closes
  onWindow: (edge) => process.stdout.write(`${JSON.stringify({ window: edge, n: windowEdge++ })}\n`),
});
process.stdout.write(`${JSON.stringify({ result })}\n`);
process.exit(0);
