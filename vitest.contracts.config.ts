import { defineConfig } from 'vitest/config'

// The port contracts on the Firebase adapter (tests/contracts/), inside the Auth and Firestore emulators
// that scripts/test-emulators.mjs starts (`npm run test:emulators`, and a step of `npm test`). jsdom: the
// adapter is browser code (localStorage, window); its Firebase SDK runs there as in Node.
export default defineConfig({
  // '#firebase/…', '#testing/…': tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'jsdom',
    include: ['tests/contracts/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The adapter logs every write the server refuses; the contracts expect some (refused for good).
    onConsoleLog: (log) =>
      !/PERMISSION_DENIED|permission-denied|was refused by the server|refused a child/.test(log),
  },
})
