import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  // '#shared/…', '#kids/…' and the like: tsconfig.json's paths (docs/decisions/0001).
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'functions/src/**/*.test.ts'],
    setupFiles: ['./src/test/setup-tests.ts'],
    restoreMocks: true,
    // Above the 5 s the tests' own waits may take on a busy machine (see src/test/setup-tests.ts).
    testTimeout: 15_000,
  },
})
