// The Python helpers every exported snippet defines after its mesh: seeded random inputs made directly in
// their shardings (one key per array, `jax.random.fold_in(PRNGKey(seed), salt)` then `fold_in(key, i)`, so
// adding an array changes no other), zeros for optimizer state, the collectives XLA inserted (read from the
// compiled HLO's text) and a report of every output's global and per-device shape.

/** Python source of the helpers (module level, no indentation). */
export function pythonRuntime(): string[] {
  return [
    '',
    '',
    'def S(spec):',
    '    return NamedSharding(mesh, spec)',
    '',
    '',
    'def random_arrays(shapes, seed, salt):',
    '    """Seeded normal arrays, each with its own key, created directly in their shardings.',
    '',
    '    Matrices get N(0, 1/shape[0]) (LeCun: activations keep unit variance), everything else N(0, 1)."""',
    '    key = jax.random.fold_in(jax.random.PRNGKey(seed), salt)',
    '',
    '    def make():',
    '        out = {}',
    '        for i, (k, s) in enumerate(shapes.items()):',
    '            scale = 1.0 / s.shape[0] ** 0.5 if len(s.shape) >= 2 else 1.0',
    '            out[k] = (scale * jax.random.normal(jax.random.fold_in(key, i), s.shape, jnp.float32)).astype(s.dtype)',
    '        return out',
    '',
    '    return jax.jit(make, out_shardings={k: s.sharding for k, s in shapes.items()})()',
    '',
    '',
    'def zeros(shapes):',
    '    """Zero arrays (optimizer state before the first step), created directly in their shardings."""',
    '    make = lambda: {k: jnp.zeros(s.shape, s.dtype) for k, s in shapes.items()}',
    '    return jax.jit(make, out_shardings={k: s.sharding for k, s in shapes.items()})()',
    '',
    '',
    "COLLECTIVE = re.compile(r'= .*?\\b(all-reduce|all-gather|reduce-scatter|all-to-all|collective-permute)(-start)?\\(')",
    '',
    '',
    'def collectives(compiled):',
    '    """The collectives XLA inserted: every such op of the compiled HLO, with its replica groups."""',
    '    return [line.strip() for line in compiled.as_text().splitlines() if COLLECTIVE.search(line)]',
    '',
    '',
    'def report(outputs):',
    '    """Every output: global shape, sharding and the shape each device holds."""',
    '    for k, v in outputs.items():',
    '        spec = getattr(v.sharding, "spec", v.sharding)',
    '        print(f"{k}: {v.shape} {spec} per device {v.addressable_shards[0].data.shape}")',
  ];
}
