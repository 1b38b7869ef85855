import { defineConfig } from 'vitest/config'

// Security rules tests: they run inside the Firestore (and, where it can run, Storage) emulator, started
// by scripts/test-emulators.mjs (`npm run test:emulators`, and a step of `npm test`).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/rules/**/*.test.ts'],
    // One emulator serves every file, and each file has a project of its own on it
    // (tests/rules/rules-environment.ts): two files at a time, as many as the cores of CI's machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The SDK logs every write the rules refuse; the tests expect most of them (assertFails).
    onConsoleLog: (log) => !/PERMISSION_DENIED|permission-denied|evaluation error/.test(log),
  },
})
