// The Variables editor's button, beside Show as API JSON: when the Job tab
// holds a jobspec with `variable` blocks (or values are given), it opens the
// panel that sets them. Values are kept in the document's JobSpecVariables
// (in the Cluster tab's text), as `nomad job run -var NAME=VALUE` gives
// them: a string that Nomad converts to the variable's type.

import { useState } from 'react';
import { variableValues } from '../../scenario/variablesText.ts';
import { useClusterText, useJobIsHcl, useJobSpec } from '../storeContext.tsx';
import { undeclaredNames } from './undeclared.ts';
import { VariablesPanel } from './VariablesPanel.tsx';

/** VariablesButton opens the Variables editor; it shows only for a jobspec that declares variables or is given values. */
export function VariablesButton() {
  const hcl = useJobIsHcl();
  const cluster = useClusterText();
  const jobSpec = useJobSpec();
  const [open, setOpen] = useState(false);
  if (!hcl || !jobSpec) return null;
  const declared = jobSpec.variables;
  const values = variableValues(cluster) ?? {};
  const undeclared = undeclaredNames(values, declared);
  if (declared.length === 0 && undeclared.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={`Set the jobspec's ${declared.length} input variable${declared.length === 1 ? '' : 's'}, as nomad job run -var sets them`}
        data-testid="variables-button"
      >
        Variables
      </button>
      {open && <VariablesPanel onClose={() => setOpen(false)} />}
    </>
  );
}
