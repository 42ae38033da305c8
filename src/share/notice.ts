// What the share features tell the person: one message at a time, shown in
// a dismissible banner. Plain data, so that deciding what to say is tested
// without a page.

/** ShareNotice is one message: an error (a bad link or file) or information (a link opened, a draft restored). */
export interface ShareNotice {
  kind: 'error' | 'info';
  message: string;
  /** offerRestore adds a button that restores the draft set aside most recently. */
  offerRestore?: boolean;
  /** offerRun adds a button that runs texts that were opened without running (see openingMark.ts). */
  offerRun?: boolean;
}
