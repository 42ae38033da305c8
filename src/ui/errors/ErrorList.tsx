// The problems of the current text, each a button that shows it in the
// editor. Its height is fixed, so the editor above never jumps.

import { useActions, useDiagnostics, useNotice } from '../storeContext.tsx';

const TAB_NAME = { job: 'Job', cluster: 'Cluster' } as const;

/** ErrorList lists the scenario's problems and any message about the worker. */
export function ErrorList() {
  const diagnostics = useDiagnostics();
  const notice = useNotice();
  const { reveal } = useActions();
  const empty = diagnostics.length === 0 && !notice;
  return (
    <div className="errors" data-testid="scenario-errors" data-count={diagnostics.length} aria-live="polite">
      {notice && (
        <p className="notice" data-testid="worker-notice" role="alert">
          {notice}
        </p>
      )}
      {empty && <p className="errors-empty">No problems: the scenario is valid.</p>}
      {diagnostics.length > 0 && (
        <ul>
          {diagnostics.map((d, i) => (
            <li key={i}>
              <button
                type="button"
                className="error-item"
                data-testid="scenario-error"
                data-tab={d.tab}
                data-line={d.line}
                data-code={d.code}
                onClick={() => reveal(d.tab, d.line, d.column)}
              >
                <span className="error-where">
                  {TAB_NAME[d.tab]} {d.line}:{d.column}
                </span>
                <span className="error-text">
                  {d.path && <code>{d.path}</code>} {d.message}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
