import { Link } from '@tanstack/react-router'
import { HighlightGrid } from '#marketing/components/highlight-grid'
import { homeFeatures } from '#marketing/content/highlights'
import { deferHydration } from '#shared/ui/defer-hydration'

// Everything below the first screen hydrates when it is needed (the first load stays within budget).
const HomeMoreSections = deferHydration('home-more', () =>
  import('./home-more-sections').then((m) => m.HomeMoreSections),
)
export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">Day care &amp; baby care in Uyo</p>
            <h1 id="hero-title" className="hero__title">
              A Warm Nursing Environment
            </h1>
            <p className="hero__lead">
              Loving care, healthy meals and playful learning for babies and little ones from Monday to
              Friday, so you can go to work with a happy heart.
            </p>
            <div className="hero__actions">
              {/* A visitor joining has no account yet: Sign Up, with the way to Sign In beside its form. */}
              <Link to="/signup" className="button button--primary button--large">
                Join Us
              </Link>
              <Link to="/pricing" className="button button--ghost button--large">
                See our plans
              </Link>
            </div>
          </div>
          <img
            className="hero__image"
            src="/images/hero.svg"
            alt="A smiling toddler holding a balloon beside a teacher, with building blocks and a bright sun"
            width="560"
            height="480"
            fetchPriority="high"
          />
        </div>
      </section>

      <section className="section section--tight" aria-labelledby="every-day">
        <div className="container">
          <h2 id="every-day" className="visually-hidden">
            What every day includes
          </h2>
          <HighlightGrid items={homeFeatures} variant="boxes" />
        </div>
      </section>

      <HomeMoreSections />
    </>
  )
}
