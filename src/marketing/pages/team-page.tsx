import { PageBanner } from '../components/page-banner'
import { PeopleGrid } from '../components/person-card'
import { HeadedSection } from '../components/section-heading'
import { teamMembers } from '../content/people'

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
