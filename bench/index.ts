// `npm run bench`: every benchmark of the project, printed as one JSON document on stdout.
// `npm run bench -- --ramp` (or `npm run bench:ramp`): the classroom load ramp alone (bench/classroomRamp.ts,
// minutes long; BENCH_RAMP_CLIENTS, BENCH_RAMP_LEVELS, BENCH_RAMP_SECONDS narrow it), then the transport floor
// under it (bench/transportFloor.ts: the same fan-out through a bare ws relay).
import { makeMesh, deviceCoords, unwrap } from '../shared/index.ts';
import { benchMatmul } from './matmul.ts';
import { measure } from './measure.ts';
import { benchGame } from './game.ts';
import { benchEditPreview } from './editPreview.ts';
import { benchTaste } from './taste.ts';
import { benchPipeline } from './pipeline.ts';
import { benchTrain } from './train.ts';
import { benchDynamicViewFps } from './dynamicViewFps.ts';
import { benchClientBundle } from './clientBundle.ts';
import { benchTimeToLevel } from './timeToLevel.ts';
import { benchClassroom } from './classroom.ts';
import { benchEditWork } from './editWork.ts';
import { benchClassroomRamp } from './classroomRamp.ts';
import { benchTransportFloor } from './transportFloor.ts';

if (process.argv.includes('--ramp')) {
  console.log(
    JSON.stringify(
      { node: process.version, results: [await benchClassroomRamp(), await benchTransportFloor()] },
      null,
      2,
    ),
  );
  process.exit(0);
}

const mesh = unwrap(
  makeMesh([
    ['data', 8],
    ['stage', 8],
    ['model', 8],
  ]),
);
const results = [
  measure('mesh.deviceCoords (512 devices)', () => {
    for (let id = 0; id < mesh.deviceCount; id++) deviceCoords(mesh, id);
  }),
  benchMatmul(),
  benchTaste(),
  benchPipeline(),
  benchGame(),
  benchEditPreview(),
  benchTrain(),
  await benchDynamicViewFps(),
  benchClientBundle(),
  await benchTimeToLevel(),
  await benchEditWork(),
  await benchClassroom(),
  await benchTransportFloor(),
];

console.log(JSON.stringify({ node: process.version, results }, null, 2));
