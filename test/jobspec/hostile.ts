// The hostile jobspecs of issue 19, each a short text that asked the HCL
// reader for unbounded work or recursion before it had budgets. Shared by
// the reader's budget tests and the command line's "never exits 1" property.

/** jobWithMeta is a minimal job whose one task's meta `v` is `expr` (on line 7, column 13). */
export function jobWithMeta(expr: string): string {
  return `job "a" {\n  group "g" {\n    task "t" {\n      driver = "docker"\n      config { image = "x" }\n      meta {\n        v = ${expr}\n      }\n    }\n  }\n}\n`;
}

// doublings is a locals block whose s<n> is s0 doubled n times.
const doublings = (s0: string, n: number) =>
  `locals {\n  s0 = "${s0}"\n${Array.from({ length: n }, (_, i) => `  s${i + 1} = "\${local.s${i}}\${local.s${i}}"\n`).join('')}  r = range(1024)\n}\n`;

/** HOSTILE_JOBSPECS are the attacks, by name. */
export const HOSTILE_JOBSPECS: Record<string, string> = {
  redos: jobWithMeta(`regex_replace("${'a'.repeat(36)}!", "^(a+)+$", "x")`),
  setproduct: jobWithMeta('length(setproduct(range(1024), range(1024), range(1024)))'),
  nestedFor: jobWithMeta('length(flatten([for i in range(1024): [for j in range(1024): [for k in range(1024): k]]]))'),
  directives: jobWithMeta(
    '"%{ for i in range(1024) }%{ for j in range(1024) }%{ for k in range(1024) }x%{ endfor }%{ endfor }%{ endfor }"',
  ),
  steps: `locals {\n  r = range(1024)\n}\n${jobWithMeta('length([for i in local.r: length([for j in local.r: [for k in local.r: k if false]])])')}`,
  parentheses: jobWithMeta('('.repeat(10_000) + '1' + ')'.repeat(10_000)),
  brackets: jobWithMeta('['.repeat(10_000) + ']'.repeat(10_000)),
  templates: jobWithMeta('"${'.repeat(5_000) + '1' + '}"'.repeat(5_000)),
  blocks: 'job "a" {\n' + 'meta {\n'.repeat(10_000) + '}\n'.repeat(10_000) + '}\n',
  doubling: doublings('ab', 32) + jobWithMeta('length(local.s32)'),
  strrev: doublings('abcd', 21) + jobWithMeta('length([for i in local.r: strrev(local.s21)])'),
  jsonDeep: jobWithMeta(`length(jsondecode("${'['.repeat(100_000)}${']'.repeat(100_000)}"))`),
  bigLiteral: jobWithMeta('1' + '0'.repeat(200_000)),
  sharing: `locals {\n  a0 = "x"\n${Array.from({ length: 30 }, (_, i) => `  a${i + 1} = [local.a${i}, local.a${i}]\n`).join('')}}\n${jobWithMeta('1').replace('config { image = "x" }', 'config { x = local.a30 }')}`,
  dynamicBlocks: `job "a" {\n${['group', 'task', 'template'].reduceRight((inner, type) => `dynamic "${type}" {\n  for_each = range(1024)\n  labels = ["\${${type}.key}"]\n  content {\n${inner}\n  }\n}`, '')}\n}\n`,
};
