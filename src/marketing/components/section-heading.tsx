import type { ReactNode } from 'react'

/** A section's h2 with an optional small line above it and a short introduction under it. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
}: {
  readonly id: string
  readonly eyebrow?: string
  readonly title: string
  readonly intro?: string
  readonly align?: 'center' | 'start'
}) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      {eyebrow ? <p className="section-heading__eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="section-heading__title">
        {title}
      </h2>
      {intro ? <p className="section-heading__intro">{intro}</p> : null}
    </div>
  )
}

/** A page section led by its heading, which names it (aria-labelledby); `tone` tints its background. */
export function HeadedSection({
  tone,
  children,
  ...heading
}: Parameters<typeof SectionHeading>[0] & {
  readonly tone?: 'tinted' | 'sunny'
  readonly children: ReactNode
}) {
  return (
    <section className={tone ? `section section--${tone}` : 'section'} aria-labelledby={heading.id}>
      <div className="container">
        <SectionHeading {...heading} />
        {children}
      </div>
    </section>
  )
}
