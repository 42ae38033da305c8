// HashiCorp's HCL parser, as the hcl2-json-parser package ships it (hcl/v2
// and hcl2json compiled to JavaScript with GopherJS, ~3.9 MB): loaded on the
// first jobspec only, so that JSON scenarios never pay for it. Its errors are
// HCL's own diagnostics as text (`:2,11-3,1: Summary; Detail.`), read back
// here into places.

import type { Diagnostic } from '../diagnostics.ts';
import { HclDiagnosticCode, JOBSPEC_PATH } from './decode.ts';

/** HclParse is a parsed HCL file as hcl2json renders it, or HCL's diagnostics. */
export type HclParse = { ok: true; value: Record<string, unknown> } | { ok: false; diagnostics: Diagnostic[] };

interface ParserModule {
  parseToString(input: string): Promise<string>;
}

let loading: Promise<ParserModule> | null = null;

/** loadHclParser imports the parser once; every later call shares the import. */
export function loadHclParser(): Promise<ParserModule> {
  loading ??= import('hcl2-json-parser').then((m) => {
    const mod = m as unknown as ParserModule & { default?: ParserModule };
    return typeof mod.parseToString === 'function' ? mod : (mod.default as ParserModule);
  });
  return loading;
}


/** parseHcl parses HCL text with HashiCorp's parser; syntax errors come back at their places. */
export async function parseHcl(text: string): Promise<HclParse> {
  const parser = await loadHclParser();
  try {
    const json = await parser.parseToString(text);
    const value: unknown = JSON.parse(json);
    return { ok: true, value: typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {} };
  } catch (e) {
    return { ok: false, diagnostics: hclErrors(typeof e === 'string' ? e : e instanceof Error ? e.message : String(e)) };
  }
}

// One HCL diagnostic as text: `:LINE,COL-ENDCOL: ` or `:LINE,COL-ENDLINE,ENDCOL: `,
// then the summary and, after `; `, the detail.
const DIAGNOSTIC_START = /:(\d+),(\d+)-(\d+)(?:,(\d+))?: /g;

/** hclErrors reads the text of HCL's diagnostics into diagnostics with places; text it cannot read becomes one diagnostic at the start. */
export function hclErrors(message: string): Diagnostic[] {
  const body = message.replace(/^parse config: \[/, '').replace(/\]$/, '');
  const starts = [...body.matchAll(DIAGNOSTIC_START)];
  if (starts.length === 0) {
    return [{ code: HclDiagnosticCode.Syntax, path: JOBSPEC_PATH, message: body, line: 1, column: 1, endLine: 1, endColumn: 2 }];
  }
  return starts.map((m, i) => {
    const end = starts[i + 1]?.index ?? body.length;
    const text = body.slice((m.index ?? 0) + m[0].length, end).trim();
    const line = Number(m[1]);
    const column = Number(m[2]);
    const endLine = m[4] === undefined ? line : Number(m[3]);
    let endColumn = m[4] === undefined ? Number(m[3]) : Number(m[4]);
    if (endLine === line && endColumn <= column) endColumn = column + 1;
    return { code: HclDiagnosticCode.Syntax, path: JOBSPEC_PATH, message: text, line, column, endLine, endColumn };
  });
}
