/**
 * The import boundaries of the code (DESIGN §6–7), checked by `npm test` (`npm run lint:boundaries`):
 * - the kernel (`shared/`) is what every part uses, so it imports no module, service or tool;
 * - a module or service uses another only through that one's public surface, its `index.ts`
 *   (ports, factories, its module definition); its other files are its own;
 * - the CLI, like the host (`services/registry.ts`, `services/process.ts`), goes through the same surfaces;
 * - the typed client (`clients/`) imports nothing of the project: it is generated from the OpenAPI documents.
 * Tests and benchmarks may reach anything: they check and measure the internals.
 */
const PART = '^(modules|services)/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'kernel-imports-no-part',
      comment: 'shared/ is the kernel: ports, runtime, config, HTTP, errors. A part it needs belongs in the kernel, or behind a port there.',
      severity: 'error',
      from: { path: '^shared/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(modules|services|cli|bench|tests)/' },
    },
    {
      name: 'no-reaching-into-another-part',
      comment: "A module or service imports another only through its index.ts; add what you need to that surface (or a port) instead.",
      severity: 'error',
      from: { path: PART, pathNot: '\\.test\\.ts$' },
      to: { path: PART, pathNot: ['^$1/$2/', '^(modules|services)/[^/]+/index\\.ts$'] },
    },
    {
      name: 'host-and-cli-use-public-surfaces',
      comment: 'The CLI and the host wire parts together through their index.ts, never their internals.',
      severity: 'error',
      from: { path: '^(cli/|services/[^/]+\\.ts$)' },
      to: { path: PART, pathNot: '^(modules|services)/[^/]+/index\\.ts$' },
    },
    {
      name: 'client-stands-alone',
      comment: 'The typed client (clients/<lang>/src) is a package of its own: it reaches the server over HTTP only, never its code.',
      severity: 'error',
      from: { path: '^clients/([^/]+)/src/' },
      to: { pathNot: ['^clients/$1/src/', '^node_modules/'] },
    },
    {
      name: 'no-circular',
      comment: 'A cycle between files makes the start order depend on who was imported first.',
      severity: 'error',
      from: { pathNot: '\\.test\\.ts$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
