import { Link } from '@tanstack/react-router'
import { formatPrice, type Plan, plans } from '#marketing/content/plans'
import { HeadedSection } from './section-heading'

/** One daycare plan; the home page and /pricing both render the plans through this card. */
export function PlanCard({ plan, featured = false }: { readonly plan: Plan; readonly featured?: boolean }) {
  const titleId = `plan-${plan.name.toLowerCase()}`
  return (
    <article className={featured ? 'plan-card plan-card--featured' : 'plan-card'} aria-labelledby={titleId}>
      <h3 id={titleId} className="plan-card__title">
        {plan.title}
      </h3>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatPrice(plan.price)}</span>
      </p>
      <p className="plan-card__summary">{plan.summary}</p>
      <ul className="plan-card__inclusions" aria-label={`${plan.title} includes`}>
        {plan.inclusions.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {/* The plan travels with the visitor (through sign-in or sign-up) to the add form, preselected. */}
      <Link to="/profile" search={{ plan: plan.name }} className="button button--primary plan-card__cta">
        Choose Plan
      </Link>
    </article>
  )
}

export function PlanGrid({ plans }: { readonly plans: readonly Plan[] }) {
  return (
    <div className="plan-grid">
      {plans.map((plan, index) => (
        <PlanCard key={plan.name} plan={plan} featured={index === 1} />
      ))}
    </div>
  )
}

/** 'Our Daycare Plans', on the home page and on /pricing, each with its own introduction. */
export function PlansSection({ intro }: { readonly intro: string }) {
  return (
    <HeadedSection id="plans" eyebrow="Simple pricing" title="Our Daycare Plans" intro={intro}>
      <PlanGrid plans={plans} />
    </HeadedSection>
  )
}
