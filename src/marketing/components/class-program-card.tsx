import { Link } from '@tanstack/react-router'
import type { ClassProgram } from '#marketing/content/class-programs'

export function ClassProgramCard({ program }: { readonly program: ClassProgram }) {
  return (
    <article className="program-card">
      <img
        className="program-card__image"
        src={program.image}
        alt=""
        width="400"
        height="260"
        loading="lazy"
        decoding="async"
      />
      <div className="program-card__body">
        <h3 className="program-card__title">{program.title}</h3>
        <p className="program-card__text">{program.description}</p>
        <dl className="program-card__facts">
          <div>
            <dt>Age</dt>
            <dd>{program.ageRange}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{program.time}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{program.price}</dd>
          </div>
        </dl>
        <Link to="/about" className="button button--outline">
          View Details<span className="visually-hidden"> about {program.title}</span>
        </Link>
      </div>
    </article>
  )
}
