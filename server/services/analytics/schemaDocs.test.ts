// Issue 15 point 4: the analytics and reports schema types are documented. Every type, field, input field and enum
// value of schema/analytics.graphql and schema/reports.graphql carries a description (the `Query`/`Mutation`
// extensions' fields too), so the contract explains its units and its nulls where the client reads it.
import { readFileSync } from 'node:fs';
import { parse, type DefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';

const FILES = ['schema/analytics.graphql', 'schema/reports.graphql'];

/** "Type", "Type.field" and "Enum.VALUE" of every element without a description. */
function undocumented(definition: DefinitionNode): string[] {
  if (!('name' in definition) || !definition.name) return [];
  const name = definition.name.value;
  const extension = definition.kind.endsWith('Extension');
  const missing = !extension && !('description' in definition && definition.description) ? [name] : [];
  if ('fields' in definition)
    for (const field of definition.fields ?? []) if (!field.description) missing.push(`${name}.${field.name.value}`);
  if ('values' in definition)
    for (const value of definition.values ?? []) if (!value.description) missing.push(`${name}.${value.name.value}`);
  return missing;
}

describe('analytics and reports schema documentation', () => {
  it.each(FILES)('describes every type, field and enum value of %s', (file) => {
    const document = parse(readFileSync(file, 'utf8'));
    expect(document.definitions.length).toBeGreaterThan(5);
    expect(document.definitions.flatMap(undocumented)).toEqual([]);
  });
});
