/**
 * The layering of STYLE.md, enforced: one direction only.
 *   contracts <- core <- adapters <- context <- http / cli <- electron main
 * The renderer talks to the server over HTTP only and may import contracts (types and schemas).
 */
module.exports = {
  forbidden: [
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'server/contracts holds portable schemas: zod only, no node, no other layer.',
      severity: 'error',
      from: { path: '^server/contracts/' },
      to: { pathNot: ['^server/contracts/', '^node_modules/zod/'] },
    },
    {
      name: 'core-stays-platform-free',
      comment: 'server/core may import contracts and itself; never express, sql.js, an SDK, electron or node built-ins.',
      severity: 'error',
      from: { path: '^server/core/' },
      to: {
        pathNot: ['^server/core/', '^server/contracts/', '^node_modules/(zod|cheerio|robots-parser|p-limit)/'],
      },
    },
    {
      name: 'core-no-node-builtins',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'adapters-do-not-reach-up',
      comment: 'adapters implement core ports; they never import http, cli, the composition root or electron.',
      severity: 'error',
      from: { path: '^server/adapters/' },
      to: { path: ['^server/(http|cli)/', '^server/context', '^electron/', '^renderer/'] },
    },
    {
      name: 'http-and-cli-go-through-the-context',
      comment: 'http and cli start from createContext(); they never import an adapter directly.',
      severity: 'error',
      from: { path: '^server/(http|cli)/' },
      to: { path: ['^server/adapters/', '^electron/', '^renderer/'] },
    },
    {
      name: 'http-does-not-import-cli',
      severity: 'error',
      from: { path: '^server/http/' },
      to: { path: '^server/cli/' },
    },
    {
      name: 'renderer-speaks-http-only',
      comment: 'the renderer may import server/contracts (types, schemas) and nothing else of the server or of electron.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: ['^server/(?!contracts/)', '^electron/'] },
    },
    {
      name: 'no-electron-outside-electron',
      severity: 'error',
      from: { pathNot: '^electron/' },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^out/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js', '.vue', '.json'] },
  },
};
