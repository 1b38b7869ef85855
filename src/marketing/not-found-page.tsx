import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <section>
      <h1>We could not find that page</h1>
      <Link to="/">Back to the home page</Link>
    </section>
  )
}
