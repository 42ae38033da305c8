// The header: the app's name, the scenario's title, the run status and the
// theme toggle. Every part has a fixed size, so status changes never shift
// the panels below.

import { ShareMenu } from '../share/ShareMenu.tsx';
import { ImportCluster } from '../import/ImportCluster.tsx';
import { ExamplesMenu } from '../examples/ExamplesMenu.tsx';
import { RolloutToggle } from '../rollout/RolloutToggle.tsx';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { CompareSwitch } from '../versions/CompareSwitch.tsx';
import { VersionPicker } from '../versions/VersionPicker.tsx';
import { useLastMillis, usePageOptions, useScenarioName, useStale, useStatus } from '../storeContext.tsx';
import type { RunStatus } from '../../store/state.ts';
import { showConfusable } from '../confusable.ts';

const STATUS_TEXT: Record<RunStatus, string> = {
  idle: 'Starting…',
  held: 'Not run yet',
  running: 'Reconciling…',
  ok: 'Up to date',
  invalid: 'Scenario has problems',
  timeout: 'Reconciler restarted',
  crashed: 'Reconciler failed',
};

// SHORTCUTS are the keys worth knowing, shown in full on hover when the header has no room for them.
const SHORTCUTS = 'Ctrl/⌘+Enter run · Shift+Alt+F format · Ctrl+M Tab leaves editor · [ ] step the rollout';

/** Header shows what is open and whether the result is current. */
export function Header() {
  const status = useStatus();
  const stale = useStale();
  const millis = useLastMillis();
  const pageOptions = usePageOptions();
  const name = useScenarioName();
  return (
    <header className="header">
      <h1 className="title" title={name ? `Nomad Reconciler Playground — ${showConfusable(name)}` : undefined}>
        {/* The app's name gives way to the scenario's on a narrow page (styles.css). */}
        <span className="app-name" data-named={Boolean(name)}>
          Nomad Reconciler Playground
        </span>
        {name && (
          <span className="scenario-name">
            <span className="title-dash"> — </span>
            {showConfusable(name)}
          </span>
        )}
      </h1>
      <ExamplesMenu />
      <RolloutToggle />
      <span className="version-controls">
        <VersionPicker />
        <CompareSwitch />
      </span>
      <div className="status" data-testid="run-status" data-status={status} data-stale={stale} role="status">
        <span className="status-dot" aria-hidden="true" />
        {STATUS_TEXT[status]}
        {status === 'ok' && millis !== null && (
          <span className="muted status-millis"> · {millis < 1 ? '<1' : Math.round(millis)} ms</span>
        )}
      </div>
      {pageOptions.length > 0 && (
        <span
          className="page-options"
          data-testid="page-options"
          title={`Set by the page's address: ${pageOptions.join('; ')}`}
        >
          {pageOptions.join(' · ')}
        </span>
      )}
      <span className="hint muted" aria-hidden="true" title={SHORTCUTS}>
        {SHORTCUTS}
      </span>
      <ShareMenu />
      <ImportCluster />
      <ThemeToggle />
    </header>
  );
}
