// Setting a jobspec's variables as edits of the Cluster tab's text.

import { describe, expect, it } from 'vitest';
import { setVariableValue, variableValues } from '../../src/scenario/variablesText.ts';

describe('JobSpecVariables in the Cluster text', () => {
  const text = '{\n  "Now": "2026-01-01T00:00:00Z",\n  "Nodes": []\n}';

  it('adds, changes and removes a value, leaving the rest as written', () => {
    const one = setVariableValue(text, 'count', '3');
    if (!one.ok) throw new Error(one.message);
    expect(variableValues(one.text)).toEqual({ count: '3' });
    expect(one.text.startsWith('{\n  "Now": "2026-01-01T00:00:00Z",\n  "Nodes": []')).toBe(true);
    const two = setVariableValue(one.text, 'image', 'nginx');
    if (!two.ok) throw new Error(two.message);
    expect(variableValues(two.text)).toEqual({ count: '3', image: 'nginx' });
    const less = setVariableValue(two.text, 'count', undefined);
    if (!less.ok) throw new Error(less.message);
    expect(variableValues(less.text)).toEqual({ image: 'nginx' });
    const none = setVariableValue(less.text, 'image', undefined);
    if (!none.ok) throw new Error(none.message);
    expect(JSON.parse(none.text)).toEqual({ Now: '2026-01-01T00:00:00Z', Nodes: [] });
  });

  it('reads values of any JSON type, and refuses to edit a text that is not an object', () => {
    expect(variableValues('{"JobSpecVariables": {"n": 3, "l": ["a"]}}')).toEqual({ n: 3, l: ['a'] });
    expect(variableValues('{"Now": ')).toBeNull();
    expect(setVariableValue('[1]', 'x', 'y')).toEqual({
      ok: false,
      message: 'The Cluster tab is not a JSON object; fix it before setting variables.',
    });
    expect(setVariableValue('{"JobSpecVariables": []}', 'x', 'y').ok).toBe(false);
  });
});
