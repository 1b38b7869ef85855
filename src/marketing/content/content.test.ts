import { describe, expect, it } from 'vitest'
import { loadBlogPost } from './blog-articles'
import { blogPosts, findBlogPost, isBlogPostId } from './blog-posts'
import { classPrograms } from './class-programs'
import { upcomingEvents } from './events'
import { daycareBenefits, homeFeatures, reasonsToChooseUs, services } from './highlights'
import { babysitters, staff, teamMembers } from './people'
import { formatPrice, plans } from './plans'
import { footerClasses, quickLinks, socialProfiles } from './site-links'
import { testimonials } from './testimonials'

describe('marketing content', () => {
  it('has three plans at $35, $55 and $65, each with the four inclusions', () => {
    expect(plans.map((plan) => [plan.title, formatPrice(plan.price)])).toEqual([
      ['Monthly Plan', '$35'],
      ['Weekly Plan', '$55'],
      ['Daily Plan', '$65'],
    ])
    for (const plan of plans) {
      expect(plan.inclusions).toEqual(['9am-3pm care', '3 meals a day', 'Science Classes', '2 Educators'])
    }
  })

  it('prices every class program at $20 for 2-4 years, 9:00-11:00, with enough cards to loop 3 at a time', () => {
    expect(classPrograms.length).toBeGreaterThanOrEqual(6)
    for (const program of classPrograms) {
      expect([program.price, program.ageRange, program.time]).toEqual(['$20', '2-4 years', '9:00-11:00'])
    }
  })

  it('has six blog posts, ids 1 to 6, dated 26 April, 2023 with 3 comments, each with a real article', async () => {
    expect(blogPosts.map((post) => post.id)).toEqual(['1', '2', '3', '4', '5', '6'])
    for (const post of blogPosts) {
      expect(post.date).toBe('26 April, 2023')
      expect(post.comments).toBe(3)
      expect(post.title.length).toBeGreaterThan(10)
      expect(post.imageAlt).not.toBe('')
      expect((await loadBlogPost(post.id))?.paragraphs.length).toBeGreaterThanOrEqual(3)
    }
    expect(new Set(blogPosts.map((post) => post.title)).size).toBe(6)
  })

  it('knows which blog ids have a page', () => {
    expect(isBlogPostId('1')).toBe(true)
    expect(isBlogPostId('6')).toBe(true)
    expect(isBlogPostId('7')).toBe(false)
    expect(isBlogPostId('0')).toBe(false)
    expect(isBlogPostId('01')).toBe(false)
    expect(findBlogPost('3')?.title).toBe('Why Messy Play Matters')
  })

  it('has the home sections’ lists as the spec names them', () => {
    expect(homeFeatures.map((item) => item.title)).toEqual([
      'Learning & Fun',
      'Healthy Meal',
      'Expert Teacher',
      'Play Area',
    ])
    expect(reasonsToChooseUs.map((item) => item.title)).toEqual([
      'Knowledge Classes',
      'Full Day Session',
      'Qualified Teacher',
      'Play Area',
      'Last Minute Request',
    ])
    expect(upcomingEvents.map((event) => `${event.title} ${event.time}`)).toEqual([
      'Math Classes 11.00am',
      'Imagination Classes 11.30am',
      'Happiness is Joy of Learning 12.00am',
      'E-Learning Media 12.30am',
    ])
    expect(testimonials).toHaveLength(3)
    expect(staff.map((person) => person.role)).toEqual([
      'Senior Teacher',
      'Head Teacher',
      'Assistant Teacher',
    ])
  })

  it('has the about page lists: three services, six tick points, three babysitters', () => {
    expect(services.map((item) => item.title)).toEqual(['Baby Sitting', 'Baby Shower', 'Full Time Nanny'])
    expect(daycareBenefits).toHaveLength(6)
    expect(babysitters).toHaveLength(3)
  })

  it('has nine team members, each a Deputy Head Teacher with their own name and picture', () => {
    expect(teamMembers).toHaveLength(9)
    expect(new Set(teamMembers.map((person) => person.role))).toEqual(new Set(['Deputy Head Teacher']))
    expect(new Set(teamMembers.map((person) => person.name)).size).toBe(9)
    expect(new Set(teamMembers.map((person) => person.avatar)).size).toBe(9)
  })

  it('has the footer lists of the spec and four social profiles', () => {
    expect(footerClasses).toEqual([
      'Music',
      'Foreign Language',
      'Dance',
      'Drama',
      'Sports Skill',
      'Previous Reading',
    ])
    expect(quickLinks.map((link) => [link.label, link.to])).toEqual([
      ['About', '/about'],
      ['Our Team', '/team'],
      ['Pricing', '/pricing'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
    ])
    expect(socialProfiles).toHaveLength(4)
  })

  it('contains no placeholder text', async () => {
    const everything = JSON.stringify([
      blogPosts,
      (await Promise.all(blogPosts.map((post) => loadBlogPost(post.id)))).map(
        (content) => content?.paragraphs,
      ),
      classPrograms,
      upcomingEvents,
      homeFeatures,
      reasonsToChooseUs,
      services,
      daycareBenefits,
      testimonials,
      staff,
      babysitters,
      teamMembers,
      plans,
    ])
    expect(everything).not.toMatch(/lorem|ipsum|dolor sit|placeholder|todo/i)
  })
})
