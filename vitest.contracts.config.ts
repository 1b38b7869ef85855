import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'jsdom',
    include: ['tests/contracts/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
