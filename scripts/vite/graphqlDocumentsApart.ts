import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The module codegen writes the client's documents and types into (codegen.ts). */
const GENERATED = /[\\/]src[\\/]graphql[\\/]generated[\\/]graphql\.ts$/;
const VIRTUAL = 'virtual:graphql-document/';
const RESOLVED = '\0graphql-document:';
/** The value exports the bundle splits off: operations (`…Document`) and fragments (`…FragmentDoc`). */
const DOCUMENT_EXPORT = /^[A-Za-z_$][\w$]*(Document|FragmentDoc)$/;

interface ImportNode {
  type: string;
  start: number;
  end: number;
  importKind?: string;
  source: { value: string };
  specifiers: { type: string; imported?: { name?: string; value?: string }; local: { name: string } }[];
}

/**
 * One module per GraphQL document in the production build. Codegen writes every document into one module
 * (src/graphql/generated/graphql.ts), and a bundler puts a module in one chunk with every export any chunk uses:
 * since the startup code imports a few documents, all ~100 (about 6 KiB gzipped) rode in the first download.
 * Here each `import { XDocument } from '…/generated/graphql'` becomes an import of a virtual module holding only
 * XDocument (its text copied from the generated module, fragments already inlined there), so a document lands in
 * the chunk of the code that uses it. Types are erased before this runs; other value imports (the
 * TypedDocumentString class) keep pointing at the generated module. Build only: the dev server serves the module
 * as it is.
 */
export function graphqlDocumentsApart(): Plugin {
  let generatedId: string | undefined;
  let generatedSource: string | undefined;

  function documentArguments(name: string): string {
    generatedSource ??= readFileSync(generatedId ?? '', 'utf8');
    const start = generatedSource.indexOf(`export const ${name} = /*#__PURE__*/ new TypedDocumentString(`);
    if (start < 0)
      throw new Error(`graphql-documents-apart: ${name} is not in ${generatedId ?? 'the generated module'}`);
    const open = generatedSource.indexOf('(', generatedSource.indexOf('new TypedDocumentString', start)) + 1;
    const close = generatedSource.indexOf(') as unknown as TypedDocumentString<', open);
    if (close < 0) throw new Error(`graphql-documents-apart: cannot read ${name}'s text`);
    return generatedSource.slice(open, close);
  }

  return {
    name: 'graphql-documents-apart',
    apply: 'build',
    enforce: 'post',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? RESOLVED + id.slice(VIRTUAL.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length);
      return [
        `import { TypedDocumentString } from ${JSON.stringify(generatedId)};`,
        `export const ${name} = /*#__PURE__*/ new TypedDocumentString(${documentArguments(name)});`,
      ].join('\n');
    },
    async transform(code, id) {
      if (id.startsWith('\0') || id.includes('node_modules') || GENERATED.test(id)) return null;
      if (!code.includes('generated/graphql')) return null;
      const program = this.parse(code) as unknown as { body: ImportNode[] };
      const edits: { start: number; end: number; text: string }[] = [];
      for (const node of program.body) {
        if (node.type !== 'ImportDeclaration' || node.importKind === 'type') continue;
        if (!node.source.value.includes('generated/graphql')) continue;
        const resolved = await this.resolve(node.source.value, id);
        if (!resolved || !GENERATED.test(resolved.id)) continue;
        generatedId = resolved.id;
        const kept: string[] = [];
        const split: string[] = [];
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier') return null; // a namespace or default import: left whole
          const imported = specifier.imported?.name ?? specifier.imported?.value ?? specifier.local.name;
          const local = specifier.local.name;
          if (DOCUMENT_EXPORT.test(imported)) {
            split.push(`import { ${imported} as ${local} } from ${JSON.stringify(VIRTUAL + imported)};`);
          } else kept.push(`${imported} as ${local}`);
        }
        if (split.length === 0) continue;
        const rest = kept.length > 0 ? `import { ${kept.join(', ')} } from ${JSON.stringify(node.source.value)};` : '';
        // As many line breaks as the statement had, so the lines below keep their places (map: null below).
        const lineBreaks = '\n'.repeat(code.slice(node.start, node.end).split('\n').length - 1);
        edits.push({ start: node.start, end: node.end, text: [...split, rest].join(' ') + lineBreaks });
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      // Only import statements changed, each on its own lines: the existing source map still holds.
      return { code: out, map: null };
    },
  };
}
