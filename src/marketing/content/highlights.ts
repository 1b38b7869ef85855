// Short feature lists used across the home, about and pricing pages.
export interface Highlight {
  readonly title: string
  readonly text: string
  readonly icon: string
}

/** The four feature boxes under the home hero. */
export const homeFeatures: readonly Highlight[] = [
  {
    title: 'Learning & Fun',
    text: 'Every day mixes gentle lessons with songs, games and giggles.',
    icon: '/images/icons/learning.svg',
  },
  {
    title: 'Healthy Meal',
    text: 'Fresh, balanced meals and snacks cooked in our own kitchen.',
    icon: '/images/icons/meal.svg',
  },
  {
    title: 'Expert Teacher',
    text: 'Trained, caring educators who know every child by name.',
    icon: '/images/icons/teacher.svg',
  },
  {
    title: 'Play Area',
    text: 'Safe, shaded indoor and outdoor spaces made for little explorers.',
    icon: '/images/icons/play.svg',
  },
]

/** 'Why Choose Us' on the home page, and the feature tiles on /pricing. */
export const reasonsToChooseUs: readonly Highlight[] = [
  {
    title: 'Knowledge Classes',
    text: 'Early reading, numbers and science woven into play.',
    icon: '/images/icons/knowledge.svg',
  },
  {
    title: 'Full Day Session',
    text: 'Care from morning drop-off to afternoon pick-up, with a rest after lunch.',
    icon: '/images/icons/full-day.svg',
  },
  {
    title: 'Qualified Teacher',
    text: 'Certified early-years educators, first-aid trained and background checked.',
    icon: '/images/icons/teacher.svg',
  },
  {
    title: 'Play Area',
    text: 'Soft play, sandpit and garden, checked for safety every morning.',
    icon: '/images/icons/play.svg',
  },
  {
    title: 'Last Minute Request',
    text: 'Need an extra day at short notice? Call us and we will do our best to help.',
    icon: '/images/icons/request.svg',
  },
]

/** 'Our Services' on /about. */
export const services: readonly Highlight[] = [
  {
    title: 'Baby Sitting',
    text: 'Trusted sitters for evenings and weekends, so you can rest easy while you are away.',
    icon: '/images/icons/baby-sitting.svg',
  },
  {
    title: 'Baby Shower',
    text: 'We help plan cosy baby showers with games, decorations and treats for new families.',
    icon: '/images/icons/baby-shower.svg',
  },
  {
    title: 'Full Time Nanny',
    text: 'Experienced nannies who care for your little one at home, full time.',
    icon: '/images/icons/nanny.svg',
  },
]

/** The six tick points of 'Daycare Is Great For Kids' on /about. */
export const daycareBenefits: readonly string[] = [
  'Children make friends and learn to share',
  'A steady routine builds confidence',
  'Early learning through play every day',
  'Healthy meals and active outdoor time',
  'Caring adults who notice the little things',
  'Parents get daily updates and peace of mind',
]
