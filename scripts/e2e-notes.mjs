// What the browser suite's JSON report (Playwright's json reporter) notes beside passes and failures.

/**
 * The `firestore-channel` notes of the page guards (docs/decisions/0091): how many, in how many tests.
 * Each try of a test counts (a retried test's notes are its tries').
 * @param {{ suites?: unknown[] }} report
 */
export function channelsEnded(report) {
  let notes = 0
  let tests = 0
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const mine = (test.results ?? []).flatMap((result) =>
          (result.annotations ?? []).filter((note) => note.type === 'firestore-channel'),
        )
        notes += mine.length
        if (mine.length) tests += 1
      }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites ?? []) visit(suite)
  return { notes, tests }
}
