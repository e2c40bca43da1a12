import { fileURLToPath } from 'node:url';
import type { Endpoint } from '@grail/contract';
import { runnerImport, type Plugin } from 'vite';

/** The declarations' schemas and API documentation, which a production page never reads. */
const LEFT_OUT = new Set<string>([
  'headers',
  'params',
  'query',
  'body',
  'response',
  'summary',
  'operationId',
  'errors',
]);

const declarations = fileURLToPath(new URL('../src/lib/api/endpoints.ts', import.meta.url));

/** Each endpoint group of the contract as its routes: method, path and flags, no schema. */
export async function endpointRoutesModule(): Promise<string> {
  // The contract is TypeScript source: Vite's module runner loads it as the API's tests do.
  const { module: contract } = await runnerImport<Record<string, unknown>>('@grail/contract', {
    configFile: false,
    logLevel: 'error',
  });
  const groups = Object.entries(contract).filter(
    ([name, value]) => name.endsWith('Endpoints') && typeof value === 'object' && value !== null,
  );
  if (groups.length === 0) throw new Error('the contract exports no endpoint group');
  return groups
    .map(([name, group]) => {
      const routes = Object.fromEntries(
        Object.entries(group as Record<string, Endpoint>).map(([key, e]) => [
          key,
          Object.fromEntries(Object.entries(e).filter(([field]) => !LEFT_OUT.has(field))),
        ]),
      );
      return `export const ${name} = ${JSON.stringify(routes)};`;
    })
    .join('\n');
}

/**
 * A production build gives the web its endpoint declarations without their zod schemas
 * (src/lib/api/endpoints.ts, made here from the contract itself): callApi needs only the method,
 * path and flags, and only checks answers against the schemas in development and tests. The entry
 * chunk then carries neither zod nor the contract's schemas; a page whose form validates with a
 * schema loads them with its own code.
 */
export function endpointRoutes(): Plugin {
  return {
    name: 'grail:endpoint-routes',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id === declarations) return endpointRoutesModule();
    },
  };
}
