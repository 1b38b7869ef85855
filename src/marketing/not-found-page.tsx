import { Link } from '@tanstack/react-router'

/** Unknown paths and blog ids outside 1-6: a friendly dead end with ways back. */
export function NotFoundPage() {
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container not-found__inner">
        <img
          className="not-found__image"
          src="/images/not-found.svg"
          alt="A teddy bear peeking out from behind a stack of building blocks"
          width="320"
          height="260"
          decoding="async"
        />
        <h1 id="not-found-title">We could not find that page</h1>
        <p>
          This page may have moved, or the address has a small typo. Let’s get you back to somewhere friendly.
        </p>
        <div className="not-found__actions">
          <Link to="/" className="button button--primary">
            Back to the home page
          </Link>
          <Link to="/blog" className="button button--ghost">
            Read our blog
          </Link>
          <Link to="/contact" className="button button--ghost">
            Contact us
          </Link>
        </div>
      </div>
    </section>
  )
}
