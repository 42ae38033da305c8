// "Show as API JSON": when the Job tab holds an HCL jobspec, shows the job
// it stands for as Nomad stores it after `nomad job run` (canonicalised,
// what `nomad job inspect` would print) beside the editor, without
// replacing the HCL.

import { useState } from 'react';
import { useJobIsHcl, useJobSpecJob } from '../storeContext.tsx';

/** ApiJsonButton toggles a read-only view of the jobspec's stored job as API JSON; it shows only for an HCL Job tab. */
export function ApiJsonButton() {
  const hcl = useJobIsHcl();
  const job = useJobSpecJob();
  const [open, setOpen] = useState(false);
  if (!hcl) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="Show the job as Nomad stores it after nomad job run (every default filled in), as API JSON"
        data-testid="show-api-json"
      >
        {open ? 'Hide API JSON' : 'Show as API JSON'}
      </button>
      {open && (
        <div role="dialog" aria-label="The job as API JSON" className="api-json" data-testid="api-json">
          <button type="button" className="button" onClick={() => setOpen(false)} aria-label="Close">
            ✕
          </button>
          <pre>{job ? JSON.stringify(job, null, 2) : 'The jobspec has problems; fix them to see its API JSON.'}</pre>
        </div>
      )}
    </>
  );
}
