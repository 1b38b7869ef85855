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
