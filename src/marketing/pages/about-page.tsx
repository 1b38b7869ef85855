import { AboutIntro } from '#marketing/components/about-intro'
import { HighlightGrid } from '#marketing/components/highlight-grid'
import { PageBanner } from '#marketing/components/page-banner'
import { HeadedSection } from '#marketing/components/section-heading'
import { services } from '#marketing/content/highlights'
import { deferHydration } from '#shared/ui/defer-hydration'

const AboutMoreSections = deferHydration('about-more', () =>
  import('./about-more-sections').then((m) => m.AboutMoreSections),
)

export function AboutPage() {
  return (
    <>
      <PageBanner title="About Us" />
      <AboutIntro eyebrow="Who we are" title="A Second Home For Your Little One" firstScreen />

      <HeadedSection
        tone="tinted"
        id="our-services"
        eyebrow="Beyond the classroom"
        title="Our Services"
        intro="Care that fits around real family life, at the centre and at home."
      >
        <HighlightGrid items={services} variant="services" />
      </HeadedSection>

      <AboutMoreSections />
    </>
  )
}
