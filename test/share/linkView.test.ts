import { describe, expect, it } from 'vitest';
import { splitLinkView, viewFragment } from '../../src/share/linkView.ts';

describe('a link keeps where you were', () => {
  it('writes the view after the payload and reads it back, leaving the payload and other options as they were', () => {
    const view = { tab: 'rollout' as const, frame: 3, compare: 1, alloc: 'web.web[0] & co', versions: 'both' as const };
    const hash = '#s=AbC-_9' + viewFragment(view) + '&view=embed';
    expect(splitLinkView(hash)).toEqual({ hash: '#s=AbC-_9&view=embed', view });
  });

  it('a link without a view is read as it is', () => {
    expect(splitLinkView('#s=AbC')).toEqual({ hash: '#s=AbC', view: {} });
    expect(viewFragment({})).toBe('');
  });

  it('ignores what is not a view, or out of range', () => {
    const hash = '#s=x&tab=secret&frame=0&compare=9999999&alloc=%E0%A4%A&frame=-1&versions=1';
    expect(splitLinkView(hash)).toEqual({ hash: '#s=x', view: {} });
    expect(splitLinkView('#s=x&alloc=' + 'a'.repeat(201)).view).toEqual({});
  });
});
