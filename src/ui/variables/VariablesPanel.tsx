// The Variables editor's panel: each declared variable (name, type,
// description, default) with a field to set it, and each value given for a
// variable the jobspec does not declare. Setting a value edits the
// JobSpecVariables object in the Cluster tab's text.

import { useState } from 'react';
import { variableValues } from '../../scenario/variablesText.ts';
import { useActions, useClusterText, useJobSpec } from '../storeContext.tsx';
import { undeclaredNames } from './undeclared.ts';

// shown writes a value set in the document as the field shows it: a string as it is, other JSON as JSON.
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** VariablesPanel lists the jobspec's variables with a field to set each, and the values given for undeclared ones with a button to remove each. */
export function VariablesPanel({ onClose }: { onClose: () => void }) {
  const cluster = useClusterText();
  const jobSpec = useJobSpec();
  const { setVariable } = useActions();
  const [problem, setProblem] = useState<string | null>(null);
  const values = variableValues(cluster);
  const declared = jobSpec?.variables ?? [];
  const undeclared = undeclaredNames(values ?? {}, declared);

  const setValue = (name: string, value: string | undefined) => {
    setProblem(setVariable(name, value));
  };

  return (
    <div
      role="dialog"
      aria-label="Jobspec variables"
      className="api-json variables-panel"
      data-testid="variables-panel"
    >
      <button type="button" className="button" onClick={onClose} aria-label="Close">
        ✕
      </button>
      <h3>Variables</h3>
      <p className="variables-note">
        Values are kept in the scenario’s <code>JobSpecVariables</code> (Cluster tab) and read as{' '}
        <code>nomad job run -var NAME=VALUE</code> reads them. An empty field uses the default. Setting one submits the
        job over the running job, which keeps its own values (<code>RunningJobSpecVariables</code>).
      </p>
      {values === null && <p role="alert">The Cluster tab is not a JSON object; fix it to set variables.</p>}
      {problem && <p role="alert">{problem}</p>}
      <table className="variables-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Default</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {declared.map((v) => {
            const given = values !== null && v.name in values;
            return (
              <tr key={v.name} data-testid={`variable-row-${v.name}`}>
                <th scope="row" title={`Declared on line ${v.line}`}>
                  <code>{v.name}</code>
                  {v.description && <div className="variables-description">{v.description}</div>}
                </th>
                <td>
                  <code>{v.type || 'any (from its default)'}</code>
                </td>
                <td>{v.default === undefined ? <em>required</em> : <code>{JSON.stringify(v.default)}</code>}</td>
                <td>
                  <input
                    type="text"
                    aria-label={`Value of ${v.name}`}
                    data-testid={`variable-input-${v.name}`}
                    placeholder={v.default === undefined ? 'required' : 'default'}
                    value={given ? shown(values?.[v.name]) : ''}
                    disabled={values === null}
                    onChange={(e) => setValue(v.name, e.target.value === '' ? undefined : e.target.value)}
                  />
                </td>
              </tr>
            );
          })}
          {undeclared.map((name) => (
            <tr key={name} data-testid={`variable-row-${name}`}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td colSpan={2}>
                <em>not declared by the jobspec</em>
              </td>
              <td>
                <button
                  type="button"
                  className="button"
                  onClick={() => setValue(name, undefined)}
                  data-testid={`variable-remove-${name}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
