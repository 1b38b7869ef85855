// vi.waitFor gives up after 1 s by default; on a busy machine (CI beside a second copy of the browser
// suite) the state a test waits for comes, only later. Testing Library's own waits are set in
// setup-tests.ts.
export const WAIT = { timeout: 5_000 }
