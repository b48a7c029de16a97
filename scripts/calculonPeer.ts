// Prices `sim validate`'s published runs with Calculon (github.com/calculon-ai/calculon, Apache-2.0), the peer
// of issue 15, beside ours, for docs/pricing.md "Peer comparison". Calculon runs as shipped: its own
// `systems/a100_80g.json`; a model file per row from the row's shape (feed-forward 4h, as ours); an execution
// file per row written as Calculon's own `validation/seqsel/tab5/*.json` are (tensor parallelism on network 0,
// pipeline and data on network 1, float16, no fused activation; selective recompute is its `attn_only`
// with `rs_ag` and `seq_par_ag_redo` under sequence parallelism). ZeRO-3 rows are skipped: Calculon shards
// the optimizer (`optimizer_sharding`, our ZeRO-1) but not the parameters. Nothing here is fitted.
//   node --import tsx scripts/calculonPeer.ts <calculon checkout> [python with numpy and pandas]
// prints JSON: per row the published step (s), Calculon's and ours (relative errors), then the mean absolute
// and worst error of each over the rows not fitted to that both price.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLISHED_RUNS, type PublishedRun } from '../shared/sim/train/publishedRuns.ts';
import { summarise, validateRun, type ValidationRow } from '../shared/sim/train/validateRuns.ts';

const [checkout, python = 'python3'] = process.argv.slice(2);
if (!checkout) throw new Error('usage: scripts/calculonPeer.ts <calculon checkout> [python]');
const work = mkdtempSync(path.join(tmpdir(), 'calculon-'));

/** Calculon's application file: its `models/*.json` fields. */
function application(run: PublishedRun): object {
  const m = run.request.model;
  return {
    hidden: m.hidden,
    feedforward: 4 * m.hidden,
    seq_size: m.seq,
    attn_heads: m.heads,
    attn_size: m.hidden / m.heads,
    num_blocks: m.layers,
  };
}

/** Calculon's execution file, as its validation files of Korthikanti's Table 5 write one. */
function execution(run: PublishedRun): object {
  const p = run.request.parallel;
  const [tp, pp, dp] = [Number(p.tp), Number(p.pp), Number(p.dp)];
  const sp = p.sequenceParallel === true;
  return {
    num_procs: tp * pp * dp,
    tensor_par: tp,
    pipeline_par: pp,
    data_par: dp,
    tensor_par_net: 0,
    pipeline_par_net: 1,
    data_par_net: 1,
    batch_size: p.globalBatch,
    microbatch_size: p.microBatch,
    datatype: 'float16',
    fused_activation: false,
    attention_type: 'multihead',
    activation_recompute: { full: 'full', selective: 'attn_only', none: 'none' }[p.recompute as string],
    pipeline_interleaving: p.virtualStages,
    optimizer_sharding: Number(p.zeroStage) >= 1,
    tensor_par_comm_type: sp ? 'rs_ag' : 'ar',
    tensor_par_overlap: 'none',
    seq_par_ag_redo: sp,
    // Calculon refuses overlap at one data-parallel rank.
    data_par_overlap: p.overlapGradReduce !== false && dp > 1,
    weight_offload: false,
    activations_offload: false,
    optimizer_offload: false,
    training: true,
  };
}

/** Calculon's step (s): `calculon llm` writes its stats, `total_time` among them. */
function calculonS(run: PublishedRun): number {
  const file = (name: string, doc?: object) => {
    const f = path.join(work, `${run.id}-${name}.json`);
    if (doc) writeFileSync(f, JSON.stringify(doc));
    return f;
  };
  const args = ['bin/calculon', 'llm', file('model', application(run)), file('exe', execution(run))];
  args.push(path.join('systems', 'a100_80g.json'), file('stats'));
  execFileSync(python, args, { cwd: checkout, env: { ...process.env, PYTHONPATH: '.' }, stdio: 'pipe' });
  return (JSON.parse(readFileSync(file('stats'), 'utf8')) as { total_time: number }).total_time;
}

const rows = PUBLISHED_RUNS.filter((r) => r.request.parallel.zeroStage !== 3).map((run) => {
  const ours = validateRun(run);
  const s = calculonS(run);
  const published = ours.published.iterationS;
  const calculon: ValidationRow = { ...ours, oursS: s, error: (s - published) / published };
  return { ours, calculon };
});
const unfitted = rows.filter((r) => !r.ours.fitted);
console.log(
  JSON.stringify(
    {
      rows: rows.map(({ ours, calculon }) => ({
        id: ours.id,
        fitted: ours.fitted,
        publishedS: ours.published.iterationS,
        calculonError: calculon.error,
        oursError: ours.error,
      })),
      unfitted: {
        calculon: summarise(unfitted.map((r) => r.calculon)),
        ours: summarise(unfitted.map((r) => r.ours)),
      },
    },
    null,
    2,
  ),
);
