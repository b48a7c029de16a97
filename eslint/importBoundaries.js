// ESLint rule: the architecture's import boundaries (docs/design.md §3).
//   shared/  imports nothing outside shared/ (no packages but CORE_PACKAGES, no node: modules, no relative path
//            leaving shared/), and its layers import only downwards: sim ← game ← protocol ← classroom
//   client/  never imports server/; reaches shared/ only through its public entry point, shared/index.ts;
//            server-only packages are refused; only client/net/*.ts may import colyseus.js
//   server/  never imports client/
import path from 'node:path';

/**
 * Packages the core may import: pure functions over data, with no I/O, clock, randomness, DOM or Node API, so
 * the core stays deterministic in the browser and on the server. `confusables`: Unicode look-alike characters
 * folded to Latin letters (the nickname rules, shared/classroom/).
 */
const CORE_PACKAGES = new Set(['confusables']);
const SERVER_ONLY_PACKAGES = /^(colyseus|@colyseus\/(?!schema$).+|express|better-sqlite3|ioredis|node:.*)$/;
const CLIENT_NETWORK_PACKAGE = 'colyseus.js';

/** Whether `relFile` matches `pattern`: an exact path, or `dir/*.ts` for any .ts file directly in dir. */
function isNetworkModule(relFile, pattern) {
  const file = relFile.split(path.sep).join('/');
  if (!pattern.endsWith('/*.ts')) return file === pattern;
  return path.posix.dirname(file) === pattern.slice(0, -'/*.ts'.length) && file.endsWith('.ts');
}

/** The layers inside shared/, lowest first: a layer imports only from itself and the layers before it. */
const SHARED_LAYERS = ['sim', 'game', 'protocol', 'classroom'];
/** The one file of shared/ that client/ imports. */
const SHARED_ENTRY = 'shared/index.ts';

/** The layer inside shared/ (its first folder) of a repository-relative path, or undefined. */
function sharedLayerOf(rel) {
  const parts = rel.split('/');
  return parts[0] === 'shared' && parts.length > 2 && SHARED_LAYERS.includes(parts[1]) ? parts[1] : undefined;
}

/** Which top-level folder of the repository a file belongs to, or undefined. */
function layerOf(absFile, root) {
  const rel = path.relative(root, absFile).split(path.sep);
  return rel.length > 1 ? rel[0] : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the shared/ client/ server/ import boundaries' },
    schema: [
      {
        type: 'object',
        properties: { networkModule: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      sharedPackage:
        "shared/ is the pure core and imports nothing outside shared/, but this file imports '{{source}}'.",
      sharedEscape: "shared/ imports nothing outside shared/, but '{{source}}' resolves to {{layer}}/.",
      clientServer: "client/ never imports server/ ('{{source}}'); put shared types in shared/.",
      clientServerPackage: "client/ cannot use the server-only package '{{source}}'.",
      clientNetwork: "Only {{networkModule}} may import '{{source}}'; go through it.",
      serverClient: "server/ never imports client/ ('{{source}}').",
      sharedLayer:
        "shared/{{from}}/ sits below shared/{{to}}/ (sim ← game ← protocol ← classroom) and cannot import '{{source}}'.",
      clientEntry:
        "client/ reaches the core only through shared/index.ts; export what it needs there ('{{source}}').",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const layer = layerOf(file, root);
    const networkModule = context.options[0]?.networkModule ?? 'client/net/*.ts';
    if (layer !== 'shared' && layer !== 'client' && layer !== 'server') return {};

    function check(node, source) {
      if (typeof source !== 'string') return;
      const relative = source.startsWith('.');
      const target = relative ? layerOf(path.resolve(path.dirname(file), source), root) : undefined;
      const report = (messageId, data = {}) => context.report({ node, messageId, data: { source, ...data } });
      const targetRel = relative
        ? path
            .relative(root, path.resolve(path.dirname(file), source))
            .split(path.sep)
            .join('/')
        : undefined;
      if (layer === 'shared') {
        if (!relative) {
          if (!CORE_PACKAGES.has(source)) report('sharedPackage');
        } else if (target !== 'shared') report('sharedEscape', { layer: target ?? 'the repository root' });
        else {
          const from = sharedLayerOf(path.relative(root, file).split(path.sep).join('/'));
          const to = sharedLayerOf(targetRel);
          if (from && to && SHARED_LAYERS.indexOf(to) > SHARED_LAYERS.indexOf(from))
            report('sharedLayer', { from, to });
        }
      } else if (layer === 'client') {
        if (relative && target === 'server') report('clientServer');
        else if (relative && target === 'shared' && targetRel !== SHARED_ENTRY) report('clientEntry');
        else if (!relative && SERVER_ONLY_PACKAGES.test(source)) report('clientServerPackage');
        else if (
          source === CLIENT_NETWORK_PACKAGE &&
          !isNetworkModule(path.relative(root, file), networkModule)
        )
          report('clientNetwork', { networkModule });
      } else if (relative && target === 'client') {
        report('serverClient');
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
