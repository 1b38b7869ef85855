import type { Person } from '#marketing/content/people'
import { SocialLinks } from './social-links'

export function PersonCard({
  person,
  social = false,
}: {
  readonly person: Person
  readonly social?: boolean
}) {
  return (
    <li className="person-card">
      <img
        className="person-card__photo"
        src={person.avatar}
        alt={`Illustrated portrait of ${person.name}`}
        width="240"
        height="240"
        loading="lazy"
        decoding="async"
      />
      <h3 className="person-card__name">{person.name}</h3>
      <p className="person-card__role">{person.role}</p>
      {social ? <SocialLinks label="Follow the Sunbeam team" /> : null}
    </li>
  )
}

export function PeopleGrid({
  people,
  social = false,
}: {
  readonly people: readonly Person[]
  readonly social?: boolean
}) {
  return (
    <ul className="people-grid">
      {people.map((person) => (
        <PersonCard key={person.name} person={person} social={social} />
      ))}
    </ul>
  )
}
