// The header's share controls: Copy link, Embed (the read-only view's link
// and <iframe>), Export, Import (pick a file; a file dropped anywhere on
// the page imports too) and the earlier drafts.
// On a narrow page (under NARROW_PX) they sit behind one "Share" menu, so
// that the header's title and status keep their room.

import { type ReactNode, useRef } from 'react';
import { useMediaQuery } from '../useMediaQuery.ts';
import { DraftsMenu } from './DraftsMenu.tsx';
import { EmbedPanel } from './EmbedPanel.tsx';
import { LinkPanel } from './LinkPanel.tsx';
import { ShareOverflow } from './ShareOverflow.tsx';
import { useShareActions } from './shareContext.tsx';
import { useFileDrop } from './useFileDrop.ts';
import './share.css';

/**
 * NARROW_PX is the page width under which the share controls fold into a
 * menu (the same as styles.css's header query): five of them beside the
 * header's other buttons leave the scenario's title no room below it.
 */
export const NARROW_PX = 1600;

const NARROW_QUERY = `(max-width: ${NARROW_PX - 1}px)`;

// PanelItem is a share button with the panel it opens under it (shown while the store holds what it made); Escape in it closes the panel.
function PanelItem({
  testID,
  title,
  onClick,
  onEscape,
  panel,
  children,
}: {
  testID: string;
  title: string;
  onClick: () => Promise<void>;
  onEscape: () => void;
  panel: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="share-menu-item" onKeyDown={(e) => e.key === 'Escape' && onEscape()}>
      <button type="button" className="button" data-testid={testID} title={title} onClick={() => void onClick()}>
        {children}
      </button>
      {panel}
    </div>
  );
}

/** ShareMenu holds the share, export, import and drafts controls. */
export function ShareMenu() {
  const { copyLink, closeLink, showEmbed, closeEmbed, exportFile, importFile } = useShareActions();
  const picker = useRef<HTMLInputElement>(null);
  const dragging = useFileDrop((file, others) => void importFile(file, others));
  const narrow = useMediaQuery(NARROW_QUERY);
  const controls = (
    <>
      <PanelItem
        testID="copy-link"
        title="Copy a link that opens this scenario"
        onClick={copyLink}
        onEscape={closeLink}
        panel={<LinkPanel />}
      >
        Copy link
      </PanelItem>
      <PanelItem
        testID="embed-link"
        title="A link and an <iframe> that show this scenario read-only in another page"
        onClick={showEmbed}
        onEscape={closeEmbed}
        panel={<EmbedPanel />}
      >
        Embed…
      </PanelItem>
      <button
        type="button"
        className="button"
        data-testid="export-file"
        title="Download the scenario as a JSON file"
        onClick={exportFile}
      >
        Export
      </button>
      <button
        type="button"
        className="button"
        data-testid="import-file"
        title="Load a scenario (JSON) or a jobspec (HCL) from a file; you can also drop a file on the page"
        onClick={() => picker.current?.click()}
      >
        Import…
      </button>
      <DraftsMenu />
    </>
  );
  return (
    <div className="share-menu" data-dragging={dragging}>
      {narrow ? <ShareOverflow>{controls}</ShareOverflow> : controls}
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
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop a scenario (.json) or a jobspec (.hcl, .nomad) to import it
        </div>
      )}
    </div>
  );
}
