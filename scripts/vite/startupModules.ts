// Which modules run when the app starts on one of the pages a user opens it on, for vite.config.ts's chunk groups:
// module by module and name by name, the way the bundler's tree-shaking includes them, so that a barrel (Chakra's
// and Ark's index files re-export every component) does not count as using everything it re-exports.
import { readFileSync } from 'node:fs';
import { parseSync } from 'rolldown/utils';
import type { Plugin } from 'vite';

type ModuleId = string;
/** What is asked of a module: one export name, ALL (its namespace object: every export) or NONE (`import 'x'`). */
const ALL = '*';
const NONE = '';

interface ModuleRecord {
  /** What the module's own code imports: [module, name]. */
  imports: [ModuleId, string][];
  /** What its own code loads with import(). */
  lazy: ModuleId[];
  /** Names exported by its own code. */
  local: Set<string>;
  /** Names it passes on from another module (`export { a as b } from 'x'`, or an imported binding exported again). */
  reexports: Map<string, [ModuleId, string]>;
  /** `export * from 'x'`. */
  stars: ModuleId[];
  /** Whether its code runs whenever it is imported at all (not in a package marked `"sideEffects": false`). */
  sideEffects: boolean;
}

export interface StartupModules {
  plugin: Plugin;
  /** Whether the module runs when the app starts (or later, without leaving the landing pages). Chunking only. */
  has(id: string): boolean;
}

/**
 * The modules that run when the app starts: from the build's entries (src/main.tsx), each import followed by the
 * names it asks for, through re-exports, and every import() followed too (the toasts, the local database, cards and
 * charts mounted on scroll), except the route chunks of pages other than `isLandingRoute`'s. A module counts whole
 * once any of its own exports is asked for (its imports with it): a little more than tree-shaking keeps, never less,
 * so a chunk group of these modules holds all a landing page needs. The plugin fails the build if a chunk holding
 * one of them imports a chunk named in `apartFrom` statically (that chunk would then load at start after all).
 */
export function startupModules(isLandingRoute: (id: string) => boolean, apartFrom: string[]): StartupModules {
  let used: Set<ModuleId> | undefined;
  const plugin: Plugin = {
    name: 'startup-modules',
    apply: 'build',
    buildStart() {
      used = undefined;
    },
    buildEnd(error) {
      if (error) return;
      const records = new Map<ModuleId, ModuleRecord>();
      const entries: ModuleId[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        if (info.isEntry) entries.push(id);
        records.set(
          id,
          moduleRecord(id, info.code, info.importedIds, info.dynamicallyImportedIds) ?? {
            // Not read name by name (CommonJS, or imports not matched to their ids): all of it, with all it imports.
            imports: info.importedIds.map((imported) => [imported, ALL]),
            lazy: info.dynamicallyImportedIds,
            local: new Set(),
            reexports: new Map(),
            stars: [],
            sideEffects: true,
          },
        );
      }
      const followLazy = (id: ModuleId) => !/\?tsr-split=/.test(id) || isLandingRoute(id);
      used = closure(entries, records, followLazy);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const apartFiles = new Set(
        chunks.filter((chunk) => apartFrom.includes(chunk.name)).map((chunk) => chunk.fileName),
      );
      for (const chunk of chunks) {
        if (!chunk.moduleIds.some((id) => used?.has(id))) continue;
        const wrong = chunk.imports.filter((file) => apartFiles.has(file));
        if (wrong.length > 0) {
          this.error(
            `startup-modules: ${chunk.fileName} runs at start and imports ${wrong.join(', ')}, meant for other pages`,
          );
        }
      }
    },
  };
  return {
    plugin,
    has(id) {
      if (!used) throw new Error('startup-modules: asked before the module graph was complete');
      return used.has(id);
    },
  };
}

/** The module's imports and exports name by name, or undefined when its imports cannot be matched to their ids. */
function moduleRecord(
  id: ModuleId,
  code: string | null,
  importedIds: ModuleId[],
  lazy: ModuleId[],
): ModuleRecord | undefined {
  if (code === null) return undefined;
  const { module, errors } = parseSync(id, code, { lang: 'tsx', sourceType: 'module' });
  if (errors.length > 0 || (!module.hasModuleSyntax && importedIds.length > 0)) return undefined;
  // importedIds holds each specifier's id in the order the code first names it, and last Vite's preload helper (for
  // the code it adds around import()).
  const helpers = importedIds.filter((imported) => imported.startsWith('\0vite/'));
  const ids = importedIds.filter((imported) => !imported.startsWith('\0vite/'));
  const specifiers = [
    ...module.staticImports.map((item) => ({ start: item.start, specifier: item.moduleRequest.value })),
    ...module.staticExports.flatMap((item) =>
      item.entries.flatMap((entry) =>
        entry.moduleRequest ? [{ start: item.start, specifier: entry.moduleRequest.value }] : [],
      ),
    ),
  ]
    .sort((a, b) => a.start - b.start)
    .map((item) => item.specifier)
    .filter((specifier, index, all) => all.indexOf(specifier) === index);
  if (specifiers.length !== ids.length || !specifiers.every((specifier, index) => plausible(specifier, ids[index]!))) {
    return undefined;
  }
  const resolved = (specifier: string) => ids[specifiers.indexOf(specifier)]!;
  const record: ModuleRecord = {
    imports: helpers.map((helper) => [helper, ALL]),
    lazy,
    local: new Set(),
    reexports: new Map(),
    stars: [],
    sideEffects: hasSideEffects(id),
  };
  const bindings = new Map<string, [ModuleId, string]>();
  for (const item of module.staticImports) {
    const target = resolved(item.moduleRequest.value);
    if (item.entries.length === 0) record.imports.push([target, NONE]);
    for (const entry of item.entries) {
      if (entry.isType) continue;
      const { kind, name } = entry.importName;
      const imported: [ModuleId, string] = [target, kind === 'NamespaceObject' ? ALL : (name ?? 'default')];
      record.imports.push(imported);
      bindings.set(entry.localName.value, imported);
    }
  }
  for (const item of module.staticExports) {
    for (const entry of item.entries) {
      if (entry.isType) continue;
      const exported = entry.exportName.kind === 'Default' ? 'default' : entry.exportName.name;
      if (!entry.moduleRequest) {
        // `import * as ns from 'x'; export { ns as Name }` passes x on; `export const a = ...` is its own code.
        const binding = entry.localName.name === null ? undefined : bindings.get(entry.localName.name);
        if (exported !== null && binding) record.reexports.set(exported, binding);
        else if (exported !== null) record.local.add(exported);
        continue;
      }
      const target = resolved(entry.moduleRequest.value);
      const { kind, name } = entry.importName;
      if (exported === null) record.stars.push(target);
      else
        record.reexports.set(exported, [
          target,
          kind === 'All' || kind === 'AllButDefault' ? ALL : (name ?? 'default'),
        ]);
    }
  }
  return record;
}

/** Whether `id` can be what `specifier` resolves to (a guard on matching importedIds to specifiers by order). */
function plausible(specifier: string, id: ModuleId): boolean {
  const name = specifier
    .replace(/\?.*$/, '')
    .split('/')
    .filter((part) => part !== '.' && part !== '..')
    .pop();
  return name === undefined || id.includes(name.replace(/\.[cm]?[jt]sx?$/, ''));
}

const packageSideEffects = new Map<string, boolean>();

/** False for the modules of a package whose package.json says `"sideEffects": false`, as the bundler reads it. */
function hasSideEffects(id: ModuleId): boolean {
  const root = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)?.[1];
  if (root === undefined) return true;
  let result = packageSideEffects.get(root);
  if (result === undefined) {
    try {
      result =
        (JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { sideEffects?: unknown }).sideEffects !== false;
    } catch {
      result = true;
    }
    packageSideEffects.set(root, result);
  }
  return result;
}

/** The modules whose own code runs, from `entries` with everything asked of each module, name by name. */
function closure(
  entries: ModuleId[],
  records: Map<ModuleId, ModuleRecord>,
  followLazy: (id: ModuleId) => boolean,
): Set<ModuleId> {
  const used = new Set<ModuleId>();
  const asked = new Set<string>();
  const pending: [ModuleId, string][] = entries.map((entry) => [entry, ALL]);
  const include = (id: ModuleId, record: ModuleRecord) => {
    if (used.has(id)) return;
    used.add(id);
    pending.push(...record.imports);
    for (const lazy of record.lazy) if (followLazy(lazy)) pending.push([lazy, ALL]);
  };
  /** Whether `id` exports `name` (its own, passed on, or through `export *`). */
  const exportsName = (id: ModuleId, name: string, seen: Set<ModuleId>): boolean => {
    const record = records.get(id);
    if (!record || seen.has(id)) return false;
    seen.add(id);
    return (
      record.local.has(name) || record.reexports.has(name) || record.stars.some((star) => exportsName(star, name, seen))
    );
  };
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [id, name] = item;
    const key = `${id}\0${name}`;
    const record = records.get(id);
    if (asked.has(key) || !record) continue;
    asked.add(key);
    if (record.sideEffects) include(id, record);
    if (name === NONE) continue;
    if (name === ALL) {
      include(id, record);
      pending.push(...record.reexports.values(), ...record.stars.map((star): [ModuleId, string] => [star, ALL]));
      continue;
    }
    const passedOn = record.reexports.get(name);
    const star =
      record.local.has(name) || passedOn
        ? undefined
        : record.stars.find((candidate) => exportsName(candidate, name, new Set()));
    if (passedOn) pending.push(passedOn);
    else if (star !== undefined) pending.push([star, name]);
    else include(id, record); // its own export, or one not found by reading it (e.g. CommonJS): the whole module
  }
  return used;
}
