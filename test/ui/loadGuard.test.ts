// Loading an example asks first unless the editors still hold a text the app loaded itself.

import { describe, expect, it } from 'vitest';
import { needsConfirmation, sameTexts } from '../../src/ui/examples/loadGuard.ts';

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

  it('compares both tabs', () => {
    expect(sameTexts(def, { job: def.job, cluster: example.cluster })).toBe(false);
    expect(sameTexts(def, { ...def })).toBe(true);
  });
});
