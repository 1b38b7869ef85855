import { PageBanner } from '#marketing/components/page-banner'
import { PeopleGrid } from '#marketing/components/person-card'
import { HeadedSection } from '#marketing/components/section-heading'
import { teamMembers } from '#marketing/content/people'

export function TeamPage() {
  return (
    <>
      <PageBanner title="Our Team" />
      <HeadedSection
        id="team-heading"
        eyebrow="The people behind the smiles"
        title="Meet Our Teachers"
        intro="Qualified, patient and endlessly cheerful, our deputy head teachers lead each room and know every child by name."
      >
        <PeopleGrid people={teamMembers} social />
      </HeadedSection>
    </>
  )
}
