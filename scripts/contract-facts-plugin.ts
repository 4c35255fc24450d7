import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { type AnyContract } from '../shared/contract';

type Groups = Record<string, Record<string, AnyContract>>;

const camelCase = (name: string) =>
  name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The client reads four facts of a contract when it runs: its name (the react-query key), method,
 * path and answer kind. The rest (the zod schemas of every input and answer, the step-up
 * conditions, the descriptions) is there for the types, the server and the reference; shipped
 * to the browser it would more than double the first page's script. So the client's production
 * build replaces each `shared/contracts/<area>.ts` module with its contracts' facts, read from
 * the contracts themselves when the build starts (one evaluation of `shared/contracts/index.ts`
 * through Vite's module runner). The typecheck, the tests and the dev server read the real
 * modules.
 */
export function contractFactsOnly(rootDir: string): Plugin {
  const contractsDir = path.join(rootDir, 'shared', 'contracts');
  let groups: Promise<Groups> | undefined;
  const loadGroups = () =>
    runnerImport<{ contractGroups: Groups }>(path.join(contractsDir, 'index.ts'), {
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: { '@shared': path.join(rootDir, 'shared') } },
    }).then(({ module }) => module.contractGroups);

  return {
    name: 'contract-facts-only',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (path.dirname(file) !== contractsDir || path.basename(file) === 'index.ts') return null;
      const name = camelCase(path.basename(file, '.ts'));
      groups ??= loadGroups();
      const group = (await groups)[name];
      if (!group) throw new Error(`${file} is not the contract group '${name}' of index.ts`);
      const facts = Object.fromEntries(
        Object.entries(group).map(([key, contract]) => [
          key,
          {
            id: contract.id,
            method: contract.method,
            path: contract.path,
            answer: { kind: contract.answer.kind },
          },
        ]),
      );
      return `export const ${name}Contracts = ${JSON.stringify(facts)};\n`;
    },
  };
}
