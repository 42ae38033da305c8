// Loading an example asks first unless the editors still hold a text the app loaded itself.

import { describe, expect, it } from 'vitest';
import { sameTexts } from '../../src/scenario/tabs.ts';
import { needsConfirmation } from '../../src/ui/examples/loadGuard.ts';

const def = { job: '{"ID":"web"}\n', cluster: '{}\n' };
const example = { job: '{"ID":"api"}\n', cluster: '{"Nodes":[]}\n' };

describe('needsConfirmation', () => {
  it('is false for the untouched default or the last example loaded', () => {
    expect(needsConfirmation({ ...def }, [def, null])).toBe(false);
    expect(needsConfirmation({ ...example }, [def, example])).toBe(false);
  });

  it('is true once either tab differs from every loaded text', () => {
    expect(needsConfirmation({ ...def, cluster: '{ }\n' }, [def, null])).toBe(true);
    expect(needsConfirmation({ ...example, job: '{"ID":"api2"}\n' }, [def, example])).toBe(true);
    // A text edited back to the default is the default again.
    expect(needsConfirmation({ job: def.job, cluster: def.cluster }, [def, example])).toBe(false);
  });

  it('compares every tab, the running job included', () => {
    expect(sameTexts(def, { job: def.job, cluster: example.cluster })).toBe(false);
    expect(sameTexts(def, { ...def })).toBe(true);
    // A Running tab without a text of its own shows the Job tab's.
    expect(sameTexts(def, { ...def, running: def.job })).toBe(true);
  });

  it('is true when only the running job was edited', () => {
    expect(needsConfirmation({ ...def, running: '{"ID":"web","Meta":{"edited":"yes"}}\n' }, [def, null])).toBe(true);
  });
});
