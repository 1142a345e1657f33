// Loaded by a worker thread before its program when the tests run (see shared/runtime/worker-program.ts):
// the program and what it imports are the TypeScript sources, compiled on load as jest compiles them.
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
