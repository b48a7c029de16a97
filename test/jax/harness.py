"""The JAX side of the conformance tests (test/jax/*.test.ts): many cases per process, so JAX starts once.

Reads one JSON document on stdin, {"jobs": [...]}, and writes one JSON line per job on stdout, in order.
The process is started with XLA_FLAGS=--xla_force_host_platform_device_count=N (N ≥ every job's mesh).
Jobs:
  {"kind": "plan", "python": source, "mode": "auto"|"pmap"|"manual", "run": "execute"|"compile", "inputs"?}
      an exported plan (shared/sim/export): its module is run with __name__ != '__main__', then its step is
      compiled (abstract arguments when "compile") and, when "execute", run on the core's own input arrays
      ("inputs": {"params"|"opt_state"|"data": {name: {"shape", "data"}}}, or {name: …} in manual mode).
  {"kind": "einsum"|"reshard", "mesh": [[name, size], ...], "equation"?, "operands": [{"shape", "spec"}], "out"?}
      one op under jax.jit with in_shardings (and out_shardings when "out" is given), as `sim shard` plans it.
Every result has "hlo": the compiled HLO's collective lines, or "error": {"type", "message"} as JAX raised it.
"""

import json
import re
import sys
import traceback

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

COLLECTIVE = re.compile(
    r"= .*?\b(all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute)(-start)?\("
)


def hlo_collectives(compiled):
    return [line.strip() for line in compiled.as_text().splitlines() if COLLECTIVE.search(line)]


def to_spec(entries):
    return P(*[tuple(e) if isinstance(e, list) else e for e in entries])


def from_spec(spec):
    out = [list(e) if isinstance(e, tuple) else e for e in spec]
    while out and out[-1] is None:
        out.pop()
    return out


def arrays(doc):
    return {k: np.asarray(v["data"], np.float32).reshape(v["shape"]) for k, v in doc.items()}


def flat(x):
    return np.asarray(jax.device_get(x), np.float64).ravel().tolist()


def run_plan(job):
    ns = {"__name__": "mesh_kitchen_case"}
    exec(compile(job["python"], "<export>", "exec"), ns)
    manual = job["mode"] == "manual"
    if job["run"] == "compile":
        if manual:
            compiled = ns["mapped"].lower(*ns["input_shapes"].values()).compile()
        else:
            compiled = ns["step"].lower(*ns["abstract_args"]).compile()
        mem = compiled.memory_analysis()
        return {
            "hlo": hlo_collectives(compiled),
            "memory": {
                "argument": mem.argument_size_in_bytes,
                "output": mem.output_size_in_bytes,
                "temp": mem.temp_size_in_bytes,
            },
        }
    inputs = job["inputs"]
    if manual:
        placed = ns["place"](arrays(inputs))
        compiled = ns["mapped"].lower(*[placed[k] for k in ns["input_shapes"]]).compile()
        outputs = ns["step"](placed)
        want = jax.jit(ns["reference"])(placed) if "reference" in ns else {}
        return {
            "hlo": hlo_collectives(compiled),
            "outputs": {k: flat(v) for k, v in outputs.items()},
            "maxDiff": {k: float(jnp.max(jnp.abs(v - want[k]))) for k, v in outputs.items() if k in want},
        }
    args = ns["place"](arrays(inputs["params"]), arrays(inputs["opt_state"]), arrays(inputs["data"]))
    compiled = ns["step"].lower(*args).compile()
    outputs = compiled(*args)
    return {"hlo": hlo_collectives(compiled), "outputs": {k: flat(v) for k, v in outputs.items()}}


def run_op(job):
    mesh = jax.make_mesh(
        tuple(s for _, s in job["mesh"]),
        tuple(n for n, _ in job["mesh"]),
        axis_types=(AxisType.Auto,) * len(job["mesh"]),
    )
    # Specs as jit takes them under a mesh (jax.set_mesh), so JAX's errors name in_shardings / out_shardings.
    args = [jax.ShapeDtypeStruct(tuple(o["shape"]), jnp.float32) for o in job["operands"]]
    # Parameters named as the core names its operands, so JAX's rank error names the same pytree key path.
    if job["kind"] == "einsum":
        eq = job["equation"]

        def fn(operand0, operand1):
            return jnp.einsum(eq, operand0, operand1)
    else:

        def fn(operand0):
            return operand0 * 1.0
    kw = {"in_shardings": tuple(to_spec(o["spec"]) for o in job["operands"])}
    if "out" in job:
        kw["out_shardings"] = to_spec(job["out"])
    with jax.set_mesh(mesh):
        compiled = jax.jit(fn, **kw).lower(*args).compile()
    out = compiled.output_shardings
    out = out[0] if isinstance(out, (list, tuple)) else out
    return {"hlo": hlo_collectives(compiled), "out": from_spec(out.spec)}


def main():
    doc = json.load(sys.stdin)
    for job in doc["jobs"]:
        try:
            result = run_plan(job) if job["kind"] == "plan" else run_op(job)
        except Exception as e:  # the test compares JAX's error with the core's
            result = {"error": {"type": type(e).__name__, "message": str(e)}}
            if job.get("trace"):
                result["trace"] = traceback.format_exc()
        result["id"] = job.get("id")
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
