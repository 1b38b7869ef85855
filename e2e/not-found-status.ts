/** Chromium's console line for a page answered with HTTP 404, which an unknown path now is on purpose. */
export function notFoundStatusOf(path: string, { pattern = false } = {}): RegExp {
  // `pattern`: the path is a regular expression's source already.
  const escaped = pattern ? path : path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(
    `^Failed to load resource: the server responded with a status of 404 \\(Not Found\\) \\(http://localhost:\\d+${escaped}\\)$`,
  )
}
