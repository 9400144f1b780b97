/** The operations bench/api.ts sends: `me { id email }` and the client's own DashboardOverview document. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from 'graphql';

export const ME_DOCUMENT = '{ me { id email } }';

const featuresDir = fileURLToPath(new URL('../src/features', import.meta.url));

/** Every definition of the client's src/features/**\/*.graphql files. */
function clientDefinitions(): DefinitionNode[] {
  return readdirSync(featuresDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .flatMap((file) => parse(readFileSync(join(featuresDir, file), 'utf8')).definitions);
}

/** An operation of the client with the fragments it spreads (transitively), as one document. */
export function clientOperation(name: string): string {
  const definitions = clientDefinitions();
  const operation = definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name);
  if (!operation) throw new Error(`no operation ${name} in src/features`);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const needed = new Map<string, FragmentDefinitionNode>();
  const collect = (node: DefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (!fragment || needed.has(name)) return;
        needed.set(name, fragment);
        collect(fragment);
      },
    });
  collect(operation);
  return [operation, ...needed.values()].map((d) => print(d)).join('\n\n');
}

let dashboard: string | undefined;

/** src/features/dashboard's DashboardOverview query, as the client sends it. */
export function dashboardDocument(): string {
  dashboard ??= clientOperation('DashboardOverview');
  return dashboard;
}
