// The home page below its first screen: prerendered with the page, hydrated only when a visitor
// scrolls or tabs to it (see defer-hydration.tsx), so its code is not part of the page's first load.
import { Link } from '@tanstack/react-router'
import { AboutIntro } from '#marketing/components/about-intro'
import { BlogCard } from '#marketing/components/blog-card'
import { CardSlider } from '#marketing/components/card-slider'
import { ClassProgramCard } from '#marketing/components/class-program-card'
import { HighlightGrid } from '#marketing/components/highlight-grid'
import { PeopleGrid } from '#marketing/components/person-card'
import { PlansSection } from '#marketing/components/plan-card'
import { HeadedSection } from '#marketing/components/section-heading'
import { blogPosts } from '#marketing/content/blog-posts'
import { classPrograms } from '#marketing/content/class-programs'
import { upcomingEvents } from '#marketing/content/events'
import { reasonsToChooseUs } from '#marketing/content/highlights'
import { staff } from '#marketing/content/people'
import { testimonials } from '#marketing/content/testimonials'

const programSlides = classPrograms.map((program) => ({
  key: program.title,
  content: <ClassProgramCard program={program} />,
}))
const blogSlides = blogPosts.map((post) => ({ key: post.id, content: <BlogCard post={post} /> }))

export function HomeMoreSections() {
  return (
    <>
      <AboutIntro eyebrow="Welcome to Sunbeam" title="About Us">
        <Link to="/about" className="button button--primary">
          More about us
        </Link>
      </AboutIntro>

      <HeadedSection
        tone="tinted"
        id="why-us"
        eyebrow="Peace of mind"
        title="Why Choose Us"
        intro="Five reasons families in Uyo trust us with their little ones every day."
      >
        <HighlightGrid items={reasonsToChooseUs} variant="tiles" />
      </HeadedSection>

      <HeadedSection
        id="class-programs"
        eyebrow="Morning classes"
        title="Our Class Programs"
        intro="Small groups, big smiles: every class is for ages 2-4 years, runs 9:00-11:00 and costs $20."
      >
        <CardSlider label="Class programs" slides={programSlides} />
      </HeadedSection>

      <HeadedSection
        tone="sunny"
        id="events"
        eyebrow="This week"
        title="Upcoming Events"
        intro="Special sessions that parents are welcome to join. Ask us about the next date."
      >
        <ul className="event-list">
          {upcomingEvents.map((event) => (
            <li key={event.title} className="event">
              <img
                className="event__image"
                src={event.image}
                alt=""
                width="120"
                height="120"
                loading="lazy"
                decoding="async"
              />
              <div className="event__body">
                <p className="event__time">{event.time}</p>
                <h3 className="event__title">{event.title}</h3>
                <p className="event__text">{event.description}</p>
                <Link to="/about" className="text-link">
                  Read More<span className="visually-hidden"> about {event.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <PlansSection intro="Every plan includes the same loving care. Choose the rhythm that suits your family." />

      <HeadedSection tone="tinted" id="parents-say" eyebrow="Kind words" title="What Parents Say">
        <ul className="testimonial-list">
          {testimonials.map((item) => (
            <li key={item.name} className="testimonial">
              <figure>
                <blockquote className="testimonial__quote">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="testimonial__by">
                  <img src={item.avatar} alt="" width="56" height="56" loading="lazy" decoding="async" />
                  <span>
                    <span className="testimonial__name">{item.name}</span>
                    <span className="testimonial__relation">{item.relation}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <HeadedSection
        id="our-staff"
        eyebrow="Friendly faces"
        title="Our Staff"
        intro="Meet some of the people who will greet your child every morning."
      >
        <PeopleGrid people={staff} />
      </HeadedSection>

      <HeadedSection
        tone="tinted"
        id="latest-blog"
        eyebrow="From our blog"
        title="Latest Blog"
        intro="Practical tips and happy stories from our classrooms."
      >
        <CardSlider label="Latest blog posts" slides={blogSlides} />
      </HeadedSection>
    </>
  )
}
