// Why a shared link could not be opened: every kind of failure has a code
// and a message in plain words, kept in one place so that the UI, the
// command-line tool and the tests agree on them.

/** LinkErrorCode names every way a link can fail to open. */
export const LinkErrorCode = {
  /** NotALink: the fragment is not a `#s=` link at all. */
  NotALink: 'not-a-link',
  /** Empty: `#s=` with nothing after it. */
  Empty: 'empty',
  /** BadBase64: the text after `#s=` is not base64url. */
  BadBase64: 'bad-base64',
  /** BadDeflate: the decoded bytes are not complete raw-DEFLATE data (truncated or damaged). */
  BadDeflate: 'bad-deflate',
  /** TooLarge: the link, or what it decompresses to, is over the size limit. */
  TooLarge: 'too-large',
  /** BadUtf8: the decompressed bytes are not UTF-8 text. */
  BadUtf8: 'bad-utf8',
  /** NotJson: the text is not JSON. */
  NotJson: 'not-json',
  /** NotScenario: the JSON is not a scenario the playground can read. */
  NotScenario: 'not-scenario',
  /** TooSlow: reading the scenario took longer than the page's time limit, so it was stopped. */
  TooSlow: 'too-slow',
} as const;

/** LinkErrorCodeValue is one of LinkErrorCode's values. */
export type LinkErrorCodeValue = (typeof LinkErrorCode)[keyof typeof LinkErrorCode];

/** LinkError is one failure to open a link: its code, a message for the person, and the detail the message ends with, if any. */
export interface LinkError {
  code: LinkErrorCodeValue;
  message: string;
  detail?: string;
}

const MESSAGES: Record<LinkErrorCodeValue, string> = {
  'not-a-link': 'This address does not hold a shared scenario (it should end in #s= followed by the scenario).',
  empty: 'The shared link is empty: nothing follows #s=.',
  'bad-base64': 'The shared link is damaged: it contains characters a link never has.',
  'bad-deflate':
    'The shared link is cut off or damaged: its compressed scenario is incomplete. Was only part of it copied?',
  'too-large': 'The shared link is too large to open',
  'bad-utf8': 'The shared link is damaged: its scenario is not readable text.',
  'not-json': 'The shared link does not hold a JSON scenario',
  'not-scenario': 'The shared link holds JSON that is not a valid scenario',
  'too-slow': "The shared link's scenario could not be read in time",
};

/** linkError makes a LinkError with the standard message for its code, followed by a detail when there is one. */
export function linkError(code: LinkErrorCodeValue, detail?: string): LinkError {
  const base = MESSAGES[code];
  if (!detail) return { code, message: /[.?!]$/.test(base) ? base : base + '.' };
  return { code, message: `${base.replace(/\.$/, '')}: ${detail}`, detail };
}
