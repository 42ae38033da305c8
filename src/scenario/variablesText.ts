// A jobspec's variable values live in the scenario document's
// `JobSpecVariables` object, in the Cluster tab's text. The Variables
// editor reads them from there and sets them as edits of that text, so
// that links, drafts and exported files carry them, and everything else
// the person wrote stays as it was.

import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree } from 'jsonc-parser';
import { RUNNING_VARIABLES_KEY } from './tabs.ts';

/** JOBSPEC_VARIABLES_KEY is the document field that holds the jobspec's variable values. */
export const JOBSPEC_VARIABLES_KEY = 'JobSpecVariables';

const FORMATTING = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** VariablesEdit is the Cluster text after an edit, or why it could not be made. */
export type VariablesEdit = { ok: true; text: string } | { ok: false; message: string };

// clusterTree parses the Cluster text, which must be one JSON object.
function clusterTree(text: string) {
  const errors: unknown[] = [];
  const tree = parseTree(text, errors as never, { disallowComments: true, allowTrailingComma: false });
  return errors.length > 0 || tree?.type !== 'object' ? null : tree;
}

/** variableValues reads the JobSpecVariables of a Cluster text: {} when there are none, null when the text is not a JSON object. */
export function variableValues(clusterText: string): Record<string, unknown> | null {
  const tree = clusterTree(clusterText);
  if (!tree) return null;
  const node = findNodeAtLocation(tree, [JOBSPEC_VARIABLES_KEY]);
  const value: unknown = node ? getNodeValue(node) : {};
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * setVariableValue sets one variable's value in the Cluster text (as a
 * string, as `-var NAME=VALUE` gives it), or removes it with `undefined`;
 * the last one removed takes JobSpecVariables with it.
 */
export function setVariableValue(clusterText: string, name: string, value: string | undefined): VariablesEdit {
  const tree = clusterTree(clusterText);
  if (!tree) return { ok: false, message: 'The Cluster tab is not a JSON object; fix it before setting variables.' };
  const node = findNodeAtLocation(tree, [JOBSPEC_VARIABLES_KEY]);
  if (node !== undefined && node.type !== 'object')
    return {
      ok: false,
      message: `The Cluster tab's ${JOBSPEC_VARIABLES_KEY} is not an object; fix it before setting variables.`,
    };
  const others = (node?.children ?? []).filter((p) => p.children?.[0]?.value !== name).length;
  const path = value === undefined && others === 0 ? [JOBSPEC_VARIABLES_KEY] : [JOBSPEC_VARIABLES_KEY, name];
  if (value === undefined && node === undefined) return { ok: true, text: clusterText };
  return { ok: true, text: applyEdits(clusterText, modify(clusterText, path, value, FORMATTING)) };
}

/**
 * keepRunningVariables writes the running job's variable values into the
 * Cluster text before the submitted job's are changed: while the text has
 * no RunningJobSpecVariables the running job takes the JobSpecVariables,
 * so a value set in the Variables editor would change it too. Returns the
 * text unchanged when they are already apart or the text is not an object.
 */
export function keepRunningVariables(clusterText: string): string {
  const tree = clusterTree(clusterText);
  if (!tree || findNodeAtLocation(tree, [RUNNING_VARIABLES_KEY]) !== undefined) return clusterText;
  const values = variableValues(clusterText) ?? {};
  return applyEdits(clusterText, modify(clusterText, [RUNNING_VARIABLES_KEY], values, FORMATTING));
}
