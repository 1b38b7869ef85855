import type { ReactNode } from 'react'

/** The 'About Us' block shared by the home page and /about. */
export function AboutIntro({
  eyebrow,
  title,
  firstScreen = false,
  children,
}: {
  readonly eyebrow: string
  readonly title: string
  /** On /about the picture is on the first screen (the page's largest paint): load it at once. */
  readonly firstScreen?: boolean
  readonly children?: ReactNode
}) {
  return (
    <section className="section" aria-labelledby="about-intro">
      <div className="container split">
        <img
          className="split__image"
          src="/images/about-kids.svg"
          alt="Three children playing with building blocks and a teddy bear on a rug"
          width="560"
          height="460"
          {...(firstScreen
            ? { fetchPriority: 'high' as const }
            : { loading: 'lazy' as const, decoding: 'async' as const })}
        />
        <div className="split__text">
          <p className="section-heading__eyebrow">{eyebrow}</p>
          <h2 id="about-intro" className="section-heading__title">
            {title}
          </h2>
          <p>
            Sunbeam opened its doors in Uyo to give working families a place they can trust. Our bright rooms,
            shaded garden and small groups mean every child is seen, heard and gently encouraged.
          </p>
          <p>
            From the first wobbly steps to the first day of school, we follow each child’s pace: lots of play,
            healthy food, quiet rest and a little learning every day, shared with you in daily notes.
          </p>
          {children}
        </div>
      </div>
    </section>
  )
}
