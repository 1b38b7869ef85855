import { defineConfig } from 'vitest/config'

// The port contracts on the Firebase adapter (tests/contracts/), inside the Auth and Firestore emulators
// that scripts/test-emulators.mjs starts (`npm run test:emulators`, and a step of `npm test`). jsdom: the
// adapter is browser code (localStorage, window); its Firebase SDK runs there as in Node.
export default defineConfig({
  // '#firebase/…', '#testing/…': tsconfig.json's paths. The SDK's browser build, as the app runs it
  // (WebChannel, not Node's gRPC): a listener over gRPC failed 1 run in 4 here with the emulator's
  // 'RESOURCE_EXHAUSTED: Received message larger than max' (firebase-tools#8654, open).
  resolve: { tsconfigPaths: true, conditions: ['browser'] },
  test: {
    environment: 'jsdom',
    // Through Vite, so that the condition above picks the SDK's build (Node would pick its own).
    server: { deps: { inline: [/[\\/]node_modules[\\/](@firebase|firebase)[\\/]/] } },
    include: ['tests/contracts/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The adapter logs every write the server refuses; the contracts expect some (refused for good).
    onConsoleLog: (log) =>
      !/PERMISSION_DENIED|permission-denied|was refused by the server|refused a child/.test(log),
  },
})
