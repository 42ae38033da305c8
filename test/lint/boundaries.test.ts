// The layering of src/ is a rule of eslint.config.js: these tests lint small
// files that break it (given as text at a path in a folder, never written to
// disk) and check that the rule says so, and that the allowed direction passes.

import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-globals', 'no-restricted-properties']);

// The repository's own config, with only the boundary rules run and without
// type information (which a file that is not on disk cannot have).
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

// problems lints `code` as if it were the file at `path` and gives the boundary rules' messages.
async function problems(path: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('the layering of src/', () => {
  // Loading the config and its plugins is the slow part, done once.
  beforeAll(() => problems('src/engine/probe.ts', ''), 60_000);

  it('refuses scenario/ importing the simulator, the folder cycle that was', async () => {
    const found = await problems(
      'src/scenario/probe.ts',
      "import { simulate } from '../simulator/simulate.ts';\nexport const s = simulate;\n",
    );
    expect(found).toEqual([
      {
        rule: 'no-restricted-imports',
        message: expect.stringContaining('scenario/ reads text into a scenario') as string,
      },
    ]);
  });

  it('refuses scenario/ importing the workers, the store or the views', async () => {
    for (const spec of ['../worker/protocol.ts', '../store/state.ts', '../ui/App.tsx', '../../ui/App.tsx']) {
      const found = await problems(
        'src/scenario/submit/probe.ts',
        `import type { X } from '${spec}';\nexport type Y = X;\n`,
      );
      expect(
        found.map((p) => p.rule),
        spec,
      ).toEqual(['no-restricted-imports']);
    }
  });

  it('refuses any import that leaves engine/, a package included', async () => {
    expect(
      await problems(
        'src/engine/probe.ts',
        "import type { Scenario } from '../scenario/read.ts';\nexport type S = Scenario;\n",
      ),
    ).toHaveLength(1);
    expect(await problems('src/engine/probe.ts', "import { v4 } from 'uuid';\nexport const id = v4;\n")).toHaveLength(
      1,
    );
    expect(
      await problems(
        'src/engine/probe.ts',
        "import { AllocSet } from './reconcileUtil.ts';\nexport const A = AllocSet;\n",
      ),
    ).toEqual([]);
  });

  it('lets a version folder of engine/ reach the shared engine files, and nothing further', async () => {
    const type = (spec: string) => `import type { X } from '${spec}';\nexport type Y = X;\n`;
    expect(await problems('src/engine/v1.6/probe.ts', type('../structs.ts'))).toEqual([]);
    expect(await problems('src/engine/v1.6/probe.ts', type('./reconcileUtil.ts'))).toEqual([]);
    expect(await problems('src/engine/v1.6/probe.ts', type('../v0.12/reconcile.ts'))).toEqual([]);
    expect(await problems('src/engine/v1.6/probe.ts', type('../../scenario/read.ts'))).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('engine/ imports nothing outside') as string },
    ]);
    expect(await problems('src/engine/v0.12/probe.ts', type('uuid'))).toHaveLength(1);
    expect(await problems('src/engine/probe.ts', type('../scenario/read.ts'))).toHaveLength(1);
  });

  it('refuses React in graph/, share/ and store/, even for types', async () => {
    const graph = await problems(
      'src/graph/probe.ts',
      "import type { Node } from '@xyflow/react';\nexport type N = Node;\n",
    );
    expect(graph).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('React belongs to ui/') as string },
    ]);
    expect(
      await problems('src/share/probe.ts', "import { useState } from 'react';\nexport const u = useState;\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/store/probe.ts', "import { useStore } from 'zustand';\nexport const u = useStore;\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/store/probe.ts',
        "import { createStore } from 'zustand/vanilla';\nexport const c = createStore;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/ui/probe.tsx', "import { useState } from 'react';\nexport const u = useState;\n"),
    ).toEqual([]);
  });

  it('refuses the DOM in pure code', async () => {
    const found = await problems('src/graph/probe.ts', 'export const w = window.innerWidth;\n');
    expect(found.map((p) => p.rule)).toEqual(['no-restricted-globals']);
  });

  it('lets only cli/ import node: modules', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n";
    expect(await problems('src/share/probe.ts', code)).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('only cli/ imports node:') as string },
    ]);
    expect(await problems('src/worker/probe.ts', "import path from 'path';\nexport const p = path;\n")).toHaveLength(1);
    expect(await problems('src/cli/probe.ts', code)).toEqual([]);
  });

  it('refuses an import against the flow between folders it knows', async () => {
    expect(
      await problems(
        'src/graph/probe.ts',
        "import type { AppState } from '../store/state.ts';\nexport type S = AppState;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/store/probe.ts', "import type { X } from '../ui/App.tsx';\nexport type Y = X;\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/ui/probe.ts', "import type { X } from '../store/state.ts';\nexport type Y = X;\n"),
    ).toEqual([]);
  });

  it('holds the folders other branches added: import/, sw/, and result/ below the simulator', async () => {
    const type = (spec: string) => `import type { X } from '${spec}';\nexport type Y = X;\n`;
    expect(await problems('src/result/probe.ts', type('../simulator/simulate.ts'))).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('result/ turns a scenario') as string },
    ]);
    expect(await problems('src/result/probe.ts', type('../diff/report.ts'))).toEqual([]);
    expect(await problems('src/import/probe.ts', type('../store/state.ts'))).toHaveLength(1);
    expect(await problems('src/import/probe.ts', type('../scenario/read.ts'))).toEqual([]);
    expect(await problems('src/sw/probe.ts', type('../ui/App.tsx'))).toHaveLength(1);
    expect(await problems('src/cli/probe.ts', type('../import/build.ts'))).toEqual([]);
    expect(await problems('src/import/probe.ts', 'export const w = window.location.href;\n')).toHaveLength(1);
  });

  it('keeps hcl/ the language alone, and jobspec/ below the scenario', async () => {
    const type = (spec: string) => `import type { X } from '${spec}';\nexport type Y = X;\n`;
    for (const spec of ['../../scenario/diagnostics.ts', '../../jobspec/read.ts', '../../engine/time.ts'])
      expect(await problems('src/hcl/functions/probe.ts', type(spec)), spec).toEqual([
        { rule: 'no-restricted-imports', message: expect.stringContaining('hcl/ is the HCL language alone') as string },
      ]);
    expect(await problems('src/jobspec/jobspec2/probe.ts', type('../../scenario/diagnostics.ts'))).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('it knows no scenario') as string },
    ]);
    expect(await problems('src/jobspec/jobspec2/probe.ts', type('../../hcl/eval/eval.ts'))).toEqual([]);
    expect(await problems('src/scenario/probe.ts', type('../jobspec/read.ts'))).toEqual([]);
    expect(await problems('src/hcl/probe.ts', 'export const w = window.location.href;\n')).toHaveLength(1);
  });
});
