// The problems of the current text, each a button that shows it in the
// editor: errors (the scenario is not valid) and warnings (it is, but
// something in it is probably not what was meant). Its height is fixed, so
// the editor above never jumps.

import { TAB_NAMES } from '../../scenario/tabs.ts';
import { useActions, useDiagnostics, useNotice } from '../storeContext.tsx';

/** ErrorList lists the scenario's problems and any message about the worker. */
export function ErrorList() {
  const diagnostics = useDiagnostics();
  const notice = useNotice();
  const { reveal } = useActions();
  const empty = diagnostics.length === 0 && !notice;
  const onlyWarnings = diagnostics.length > 0 && diagnostics.every((d) => d.severity === 'warning');
  return (
    <div className="errors" data-testid="scenario-errors" data-count={diagnostics.length} aria-live="polite">
      {notice && (
        <p className="notice" data-testid="worker-notice" role="alert">
          {notice}
        </p>
      )}
      {empty && <p className="errors-empty">No problems: the scenario is valid.</p>}
      {onlyWarnings && <p className="errors-empty">The scenario is valid, with these warnings:</p>}
      {diagnostics.length > 0 && (
        <ul>
          {diagnostics.map((d, i) => (
            <li key={i}>
              <button
                type="button"
                className="error-item"
                data-testid="scenario-error"
                data-severity={d.severity ?? 'error'}
                data-tab={d.tab}
                data-line={d.line}
                data-code={d.code}
                onClick={() => reveal(d.tab, d.line, d.column)}
              >
                <span
                  className="error-where"
                  title={
                    d.severity === 'warning'
                      ? 'Warning: the scenario is still read'
                      : 'Error: the scenario cannot be read'
                  }
                >
                  {d.severity === 'warning' ? '⚠ ' : ''}
                  {TAB_NAMES[d.tab]} {d.line}:{d.column}
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
