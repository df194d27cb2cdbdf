// Resolves the package's own subpath imports (`#api/client.ts`, `#schemas/grp.ts`: the "imports"
// of package.json) for eslint-plugin-boundaries, whose default resolver (eslint-import-resolver-node)
// does not read that field: unresolved, an aliased import would be an unknown file to the layer
// rules instead of the layer it points into. Node's own resolver does the mapping, so the lint
// reads package.json as Node, tsx and esbuild do. ESLint's resolvers are loaded with require(),
// which loads this ES module on Node 20.19 and later (package.json "engines").
import { createRequire } from 'node:module';

export const interfaceVersion = 2;

/** @type {(source: string, file: string) => { found: boolean, path?: string }} */
export function resolve(source, file) {
  if (!source.startsWith('#')) return { found: false };
  try {
    return { found: true, path: createRequire(file).resolve(source) };
  } catch {
    return { found: false };
  }
}
