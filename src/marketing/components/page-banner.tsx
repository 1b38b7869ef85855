import { Link } from '@tanstack/react-router'

type Crumb = { readonly label: string; readonly to: '/blog' }

/** The coloured header of every inner page: the page's only h1 and a breadcrumb back home. */
export function PageBanner({
  title,
  trail = [],
}: {
  readonly title: string
  readonly trail?: readonly Crumb[]
}) {
  return (
    <div className="page-banner">
      <div className="container">
        <h1 className="page-banner__title">{title}</h1>
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            <li>
              <Link to="/">Home</Link>
            </li>
            {trail.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      </div>
    </div>
  )
}
