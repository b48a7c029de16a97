// The lint configuration itself enforces the architecture: these run the project's real eslint.config.js.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it('rejects phaser in shared/', async () => {
    const messages = await ruleIds(
      'shared/sim/probe.ts',
      "import { Scene } from 'phaser';\nexport const S = Scene;\n",
    );
    expect(messages).toEqual([
      "mesh-kitchen/import-boundaries: shared/ is the pure core and imports nothing outside shared/, but this file imports 'phaser'.",
    ]);
  });

  it.each([
    ['shared/sim/probe.ts', "import express from 'express';\nexport const e = express;\n"],
    ['shared/sim/probe.ts', "import fs from 'node:fs';\nexport const f = fs;\n"],
    ['shared/sim/probe.ts', "import { x } from '../../server/x.ts';\nexport const y = x;\n"],
    ['client/scenes/probe.ts', "import { x } from '../../server/x.ts';\nexport const y = x;\n"],
    ['client/scenes/probe.ts', "import { Room } from 'colyseus';\nexport const R = Room;\n"],
    ['client/scenes/probe.ts', "import { Client } from 'colyseus.js';\nexport const c = Client;\n"],
    ['client/net/sub/probe.ts', "import { Client } from 'colyseus.js';\nexport const c = Client;\n"],
    ['server/rooms/probe.ts', "import { x } from '../../client/x.ts';\nexport const y = x;\n"],
    ['shared/sim/probe.ts', "import { LEVELS } from '../game/levels/index.ts';\nexport const l = LEVELS;\n"],
    ['shared/game/probe.ts', "import { tick } from '../classroom/phases.ts';\nexport const t = tick;\n"],
    ['shared/protocol/probe.ts', "import { tick } from '../classroom/phases.ts';\nexport const t = tick;\n"],
    [
      'client/scenes/probe.ts',
      "import { LEVELS } from '../../shared/game/levels/index.ts';\nexport const l = LEVELS;\n",
    ],
  ])('rejects the import in %s: %s', async (file, code) => {
    const messages = await ruleIds(file, code);
    expect(messages.some((m) => m.startsWith('mesh-kitchen/import-boundaries'))).toBe(true);
  });

  it.each([
    ['shared/sim/probe.ts', "import { makeMesh } from './mesh.ts';\nexport const m = makeMesh;\n"],
    ['client/net/RoomConnection.ts', "import { Client } from 'colyseus.js';\nexport const c = Client;\n"],
    ['client/net/SessionConnection.ts', "import { Client } from 'colyseus.js';\nexport const c = Client;\n"],
    [
      'client/scenes/probe.ts',
      "import { makeMesh } from '../../shared/index.ts';\nexport const m = makeMesh;\n",
    ],
    ['server/rooms/probe.ts', "import { Room } from 'colyseus';\nexport const R = Room;\n"],
    ['shared/game/probe.ts', "import { makeMesh } from '../sim/mesh.ts';\nexport const m = makeMesh;\n"],
    [
      'shared/classroom/probe.ts',
      "import { LEVELS } from '../game/levels/index.ts';\nexport const l = LEVELS;\n",
    ],
  ])('allows the import in %s: %s', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });

  it('keeps the core deterministic', async () => {
    const messages = await ruleIds('shared/sim/probe.ts', 'export const r = Math.random() + Date.now();\n');
    expect(messages.filter((m) => m.startsWith('no-restricted-properties'))).toHaveLength(2);
  });
});
