// 'Upcoming Events' on the home page. Titles and times are the spec's, word for word.
export interface UpcomingEvent {
  readonly title: string
  readonly time: string
  readonly description: string
  readonly image: string
}

export const upcomingEvents: readonly UpcomingEvent[] = [
  {
    title: 'Math Classes',
    time: '11.00am',
    description: 'Counting games with blocks, buttons and beads that make numbers feel like play.',
    image: '/images/events/math.svg',
  },
  {
    title: 'Imagination Classes',
    time: '11.30am',
    description: 'Dress-up, puppet shows and story building where every idea is welcome.',
    image: '/images/events/imagination.svg',
  },
  {
    title: 'Happiness is Joy of Learning',
    time: '12.00am',
    description: 'A cheerful morning of songs, sharing circles and small wins worth celebrating.',
    image: '/images/events/joy.svg',
  },
  {
    title: 'E-Learning Media',
    time: '12.30am',
    description: 'Short, gentle screen sessions with educational songs, always with a teacher beside them.',
    image: '/images/events/media.svg',
  },
]
