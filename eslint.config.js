// ESLint for the whole repository: typescript-eslint's typed rules, the
// rules of hooks, and the layering of src/ written as import rules, so that
// an import against the flow (text → scenario → engine → result → views)
// fails `npm run lint` and so `npm test`.

import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'lint-tools';

/**
 * LAYERS says, for each folder of src/, which other folders of src/ its
 * files may import. A folder not listed here (a new one) is held only to the
 * rules every folder keeps: React only in ui/ and main.tsx, node: only in cli/.
 */
export const LAYERS = {
  engine: [],
  hcl: [],
  jobspec: ['engine', 'hcl'],
  scenario: ['engine', 'hcl', 'jobspec'],
  result: ['engine', 'scenario', 'diff'],
  diff: ['engine', 'scenario', 'jobspec'],
  examples: [],
  import: ['engine', 'scenario'],
  simulator: ['engine', 'scenario', 'result'],
  graph: ['engine', 'scenario', 'result'],
  share: ['engine', 'scenario'],
  sw: [],
  worker: ['engine', 'jobspec', 'scenario', 'result', 'diff', 'simulator', 'share', 'import'],
  store: ['engine', 'scenario', 'result', 'diff', 'simulator', 'worker', 'share'],
  cli: ['engine', 'jobspec', 'scenario', 'result', 'diff', 'simulator', 'share', 'import'],
  ui: ['engine', 'scenario', 'result', 'diff', 'examples', 'import', 'simulator', 'graph', 'share', 'worker', 'store'],
};

// Why each folder keeps to its list, as the message of a broken rule.
const WHY = {
  engine: 'engine/ imports nothing outside itself: it is the reconciler alone',
  hcl: 'hcl/ is the HCL language alone (syntax, evaluation, functions); it knows nothing of Nomad or the app',
  jobspec:
    'jobspec/ reads a jobspec into a Nomad API job (jobspec2, canonicalisation) with hcl/ and the engine; it knows no scenario',
  scenario: 'scenario/ reads text into a scenario; it never imports the simulator, workers, store or views',
  result:
    'result/ turns a scenario and the engine into a result document, and prints it as `nomad job plan` does (with the job diff)',
  diff: 'diff/ compares jobs; it knows nothing of the app around it',
  examples: 'examples/ are data',
  import: 'import/ builds a scenario document from Nomad API bodies; it knows nothing of the app around it',
  simulator: 'simulator/ runs on scenarios and results, never on the app around it',
  graph: 'graph/ is pure: result → graph model, no React, DOM or store',
  share: 'share/ is links and storage, given as parameters; no React, store or workers',
  sw: 'sw/ is the service worker and its registration; it caches files and imports nothing of the app',
  worker:
    'worker/ runs the reader, engine, simulator, link checks and import previews off the page; it knows no store or views',
  store: 'store/ holds state and actions; it never imports React or views',
  cli: 'cli/ is the command line; it never imports the browser app',
  ui: 'ui/ never imports the command line',
};

const NODE = [...new Set(builtinModules.map((m) => m.replace(/^node:/, '').split('/')[0]))];

// A relative specifier that climbs out of the importing folder into `folder`.
const into = (folder) => `^(\\.\\./)+${folder}/`;

// `inVersion` is true for a file in a version's folder of engine/ (v0.12/, v1.6/).
function restrictions(folder, inVersion = false) {
  const patterns = [];
  const allowed = LAYERS[folder];
  // An engine file imports only by a relative path that stays in engine/:
  // beside itself, or, from a version's folder (v0.12/, v1.6/), one level up.
  if (folder === 'engine') {
    const regex = inVersion ? '^(?!\\./|\\.\\./(?!\\.\\./))' : '^(?!\\./)';
    patterns.push({ regex, message: WHY.engine });
  } else if (allowed !== undefined) {
    for (const other of Object.keys(LAYERS)) {
      if (other !== folder && !allowed.includes(other)) patterns.push({ regex: into(other), message: WHY[folder] });
    }
  }
  if (folder !== 'ui') {
    // zustand's root entry is its React binding; zustand/vanilla is not.
    patterns.push({
      regex: '^((react|react-dom|@xyflow/react)(/.*)?|zustand)$',
      message: 'React belongs to ui/ (and main.tsx); below it the code is plain TypeScript',
    });
  }
  if (folder !== 'cli') {
    patterns.push({
      regex: `^(node:.*|(${NODE.join('|')})(/.*)?)$`,
      message: 'only cli/ imports node: modules; the rest of src/ runs in a browser',
    });
  }
  return ['error', { patterns }];
}

// Browser globals that code below the views must be given, not reach for.
const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history'].map(
  (name) => ({ name, message: 'pure code is given what it needs as parameters; the DOM belongs to ui/' }),
);
const PURE = [
  'engine',
  'hcl',
  'jobspec',
  'scenario',
  'result',
  'diff',
  'import',
  'simulator',
  'graph',
  'share',
  'store',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'build/',
      'e2e/screenshots/',
      'test-results/',
      'playwright-report/',
      'tools/lint/node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The type checker already knows every name (and lib.dom's globals).
      'no-undef': 'off',
      // tsconfig's noUnusedLocals/noUnusedParameters report these, with `_` for an unused parameter.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Store actions are closures declared with method syntax and passed around unbound by design.
      '@typescript-eslint/unbound-method': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // upstream's `a, b := f()` then `a, c := g(a)`: a destructuring is const only when all of it is.
      'prefer-const': ['error', { destructuring: 'all' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'use a union of string literals' }],
    },
  },
  {
    // Tests explore parsed JSON freely and stub async functions that need not wait.
    files: ['test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.tsx', 'src/ui/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  // Every folder of src/ first gets the rules any folder keeps, then its own list.
  { files: ['src/**'], rules: { 'no-restricted-imports': restrictions(null) } },
  ...Object.keys(LAYERS).map((folder) => ({
    files: [`src/${folder}/**`],
    rules: { 'no-restricted-imports': restrictions(folder) },
  })),
  { files: ['src/engine/*/**'], rules: { 'no-restricted-imports': restrictions('engine', true) } },
  { files: ['src/main.tsx'], rules: { 'no-restricted-imports': restrictions('ui') } },
  ...PURE.map((folder) => ({
    files: [`src/${folder}/**`],
    rules: { 'no-restricted-globals': ['error', ...DOM_GLOBALS] },
  })),
  {
    files: ['src/engine/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'the engine has no clock: time is the scenario’s Now' },
        { object: 'Math', property: 'random', message: 'the engine is deterministic: IDs come from its options' },
        { object: 'performance', property: 'now', message: 'the engine has no clock' },
      ],
    },
  },
  // The JavaScript config files are outside tsconfig: no type information there.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
