import { describe, expect, it } from 'vitest';
import { readJobText } from '../../src/ui/rollout/jobText.ts';

describe('the rollout job editor’s text', () => {
  it('is a JSON object', () => {
    expect(readJobText('{"ID": "web"}')).toEqual({ ok: true, job: { ID: 'web' } });
  });

  it('says why it holds no job, without throwing', () => {
    expect(readJobText('[1]')).toEqual({ ok: false, message: 'the job must be a JSON object' });
    expect(readJobText('null')).toEqual({ ok: false, message: 'the job must be a JSON object' });
    const broken = readJobText('{\n  "ID": \n}');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^3:1: /);
  });
});
