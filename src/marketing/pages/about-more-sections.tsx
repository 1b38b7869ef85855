// The about page below its first screen: prerendered with the page, hydrated when a visitor reaches it
// (see defer-hydration.tsx).
import { Link } from '@tanstack/react-router'
import { PeopleGrid } from '#marketing/components/person-card'
import { HeadedSection } from '#marketing/components/section-heading'
import { daycareBenefits } from '#marketing/content/highlights'
import { babysitters } from '#marketing/content/people'

export function AboutMoreSections() {
  return (
    <>
      <section className="section" aria-labelledby="daycare-great">
        <div className="container split split--reverse">
          <img
            className="split__image"
            src="/images/daycare-great.svg"
            alt="Children holding hands in a circle on the grass under a bright sun"
            width="560"
            height="460"
            loading="lazy"
            decoding="async"
          />
          <div className="split__text">
            <p className="section-heading__eyebrow">Growing together</p>
            <h2 id="daycare-great" className="section-heading__title">
              Daycare Is Great For Kids
            </h2>
            <p>
              Good day care is more than a safe place to stay. It is where children practise being part of a
              group, try new things and come home proud of what they did today.
            </p>
            <ul className="tick-list">
              {daycareBenefits.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <Link to="/blog" className="button button--primary">
              Discover More
            </Link>
          </div>
        </div>
      </section>

      <HeadedSection
        tone="tinted"
        id="our-babysitter"
        eyebrow="Trusted at home"
        title="Our Babysitter"
        intro="Experienced, first-aid trained sitters who already know our children and their routines."
      >
        <PeopleGrid people={babysitters} />
      </HeadedSection>
    </>
  )
}
