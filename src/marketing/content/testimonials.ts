// 'What Parents Say' on the home page.
export interface Testimonial {
  readonly quote: string
  readonly name: string
  readonly relation: string
  readonly avatar: string
}

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Our daughter used to cry at every goodbye. After two weeks at Sunbeam she runs in to hug her teacher. We could not ask for more.',
    name: 'Ime Bassey',
    relation: 'Mum of Aniekan, 3',
    avatar: '/images/people/parent-1.svg',
  },
  {
    quote:
      'The daily notes and photos make my workday so much easier. I always know what he ate, how he slept and what made him laugh.',
    name: 'David Etim',
    relation: 'Dad of Uduak, 2',
    avatar: '/images/people/parent-2.svg',
  },
  {
    quote:
      'Warm, organised and truly kind people. Our twins come home singing new songs and telling stories about the garden.',
    name: 'Grace Okon',
    relation: 'Mum of twins, 4',
    avatar: '/images/people/parent-3.svg',
  },
]
