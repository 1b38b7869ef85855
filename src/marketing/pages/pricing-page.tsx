import { Link } from '@tanstack/react-router'
import { HighlightGrid } from '#marketing/components/highlight-grid'
import { PageBanner } from '#marketing/components/page-banner'
import { PlansSection } from '#marketing/components/plan-card'
import { HeadedSection } from '#marketing/components/section-heading'
import { reasonsToChooseUs } from '#marketing/content/highlights'

export function PricingPage() {
  return (
    <>
      <PageBanner title="Pricing" />
      <PlansSection intro="No registration fee and no hidden extras. Pick a plan, create your parent profile and tell us about your child." />

      <HeadedSection
        tone="tinted"
        id="every-plan"
        eyebrow="Included in every plan"
        title="Care You Can Count On"
        intro="Whichever plan you choose, your child enjoys the same teachers, meals and classes. Switching plans later is easy: just let us know a week ahead."
      >
        <HighlightGrid items={reasonsToChooseUs} variant="tiles" />
        <p className="centered">
          <Link to="/blog" className="button button--primary">
            Discover More
          </Link>
        </p>
      </HeadedSection>
    </>
  )
}
