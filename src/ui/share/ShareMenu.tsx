// The header's share controls: Copy link, Export, Import (pick a file; a
// file dropped anywhere on the page imports too) and the earlier drafts.

import { useRef } from 'react';
import { DraftsMenu } from './DraftsMenu.tsx';
import { LinkPanel } from './LinkPanel.tsx';
import { useShareActions } from './shareContext.tsx';
import { useFileDrop } from './useFileDrop.ts';
import './share.css';

/** ShareMenu holds the share, export, import and drafts controls. */
export function ShareMenu() {
  const { copyLink, closeLink, exportFile, importFile } = useShareActions();
  const picker = useRef<HTMLInputElement>(null);
  const dragging = useFileDrop((file) => void importFile(file));
  return (
    <div className="share-menu" data-dragging={dragging}>
      <div className="share-menu-item" onKeyDown={(e) => e.key === 'Escape' && closeLink()}>
        <button type="button" className="button" data-testid="copy-link" title="Copy a link that opens this scenario" onClick={() => void copyLink()}>
          Copy link
        </button>
        <LinkPanel />
      </div>
      <button type="button" className="button" data-testid="export-file" title="Download the scenario as a JSON file" onClick={exportFile}>
        Export
      </button>
      <button type="button" className="button" data-testid="import-file" title="Load a scenario (JSON) or a jobspec (HCL) from a file; you can also drop a file on the page" onClick={() => picker.current?.click()}>
        Import…
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        data-testid="import-input"
        accept=".json,.hcl,.nomad,application/json,text/plain"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void importFile(file);
          e.currentTarget.value = '';
        }}
      />
      <DraftsMenu />
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop a scenario (.json) or a jobspec (.hcl, .nomad) to import it
        </div>
      )}
    </div>
  );
}
