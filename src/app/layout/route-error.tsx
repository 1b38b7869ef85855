import type { ErrorComponentProps } from '@tanstack/react-router'

/** Chromium, Safari and Firefox word a failed `import()` differently. */
const codeNotLoaded = /dynamically imported module|importing a module script failed/i

/**
 * What a page that could not open shows, inside the site's header and footer. The usual cause: a parent
 * taps Profile with no working connection before the parent area's code (Firebase's, which the worker
 * does not download with the marketing pages) has ever been loaded on this device.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const needsConnection = error instanceof Error && codeNotLoaded.test(error.message)
  return (
    <section className="section not-found route-error" aria-labelledby="route-error-title">
      <div className="container not-found__inner">
        <h1 id="route-error-title">
          {needsConnection ? 'This page needs a connection the first time' : 'Something went wrong'}
        </h1>
        <p>
          {needsConnection
            ? 'It has not been opened on this device before, and the connection is not working. The rest of the site works offline. Try again once you are online.'
            : 'This page could not be shown. Please try again.'}
        </p>
        <div className="not-found__actions">
          {/* A fresh load: a browser may keep a failed import() failed for the rest of the page's life. */}
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      </div>
    </section>
  )
}
