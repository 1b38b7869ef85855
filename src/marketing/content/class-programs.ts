// 'Our Class Programs' slider cards. Every program costs $20, is for ages
// 2-4 years and runs 9:00-11:00.
export interface ClassProgram {
  readonly title: string
  readonly description: string
  readonly image: string
  readonly ageRange: string
  readonly time: string
  readonly price: string
}

const common = { ageRange: '2-4 years', time: '9:00-11:00', price: '$20' } as const

export const classPrograms: readonly ClassProgram[] = [
  {
    title: 'Drawing & Painting',
    description:
      'Big brushes, bright colours and plenty of aprons: little artists explore shapes and mix colours.',
    image: '/images/classes/drawing.svg',
    ...common,
  },
  {
    title: 'Music & Rhythm',
    description: 'Singing circles, shakers and drums that build listening skills and a love of sound.',
    image: '/images/classes/music.svg',
    ...common,
  },
  {
    title: 'Little Readers',
    description: 'Picture books, puppets and rhymes that grow vocabulary and a lifelong love of stories.',
    image: '/images/classes/reading.svg',
    ...common,
  },
  {
    title: 'Science Explorers',
    description: 'Floating, sinking, growing and mixing: simple experiments that answer big questions.',
    image: '/images/classes/science.svg',
    ...common,
  },
  {
    title: 'Dance & Movement',
    description: 'Stretching, hopping and twirling to music, for strong bodies and happy hearts.',
    image: '/images/classes/dance.svg',
    ...common,
  },
  {
    title: 'Garden Club',
    description: 'Planting seeds, watering herbs and watching them sprout in our own little garden.',
    image: '/images/classes/garden.svg',
    ...common,
  },
]
