import type { Highlight } from '#marketing/content/highlights'

/** Icon tiles: the home feature boxes, 'Why Choose Us', the /pricing tiles and /about services. */
export function HighlightGrid({
  items,
  variant,
}: {
  readonly items: readonly Highlight[]
  readonly variant: 'boxes' | 'tiles' | 'services'
}) {
  return (
    <ul className={`highlight-grid highlight-grid--${variant}`}>
      {items.map((item) => (
        <li key={item.title} className="highlight">
          <img
            className="highlight__icon"
            src={item.icon}
            alt=""
            width="64"
            height="64"
            // Lazy: decorative icons must not compete with the hero for the first paint (React would
            // otherwise preload every eager image of a prerendered page).
            loading="lazy"
            decoding="async"
          />
          <h3 className="highlight__title">{item.title}</h3>
          <p className="highlight__text">{item.text}</p>
        </li>
      ))}
    </ul>
  )
}
