// The people parents meet: home 'Our Staff', /about 'Our Babysitter' and the nine /team cards.
export interface Person {
  readonly name: string
  readonly role: string
  readonly avatar: string
}

/** Home 'Our Staff': the spec names these three roles. */
export const staff: readonly Person[] = [
  { name: 'Mary Udoh', role: 'Senior Teacher', avatar: '/images/people/staff-1.svg' },
  { name: 'Emmanuel Akpan', role: 'Head Teacher', avatar: '/images/people/staff-2.svg' },
  { name: 'Blessing Effiong', role: 'Assistant Teacher', avatar: '/images/people/staff-3.svg' },
]

/** /about 'Our Babysitter'. */
export const babysitters: readonly Person[] = [
  { name: 'Joy Edet', role: 'Babysitter', avatar: '/images/people/sitter-1.svg' },
  { name: 'Faith Inyang', role: 'Babysitter', avatar: '/images/people/sitter-2.svg' },
  { name: 'Samuel Umoh', role: 'Babysitter', avatar: '/images/people/sitter-3.svg' },
]

const teamNames = [
  'Comfort Asuquo',
  'Peter Ekpo',
  'Nsikak Essien',
  'Hannah Ibanga',
  'Victor Okpo',
  'Esther Nkanga',
  'Daniel Obot',
  'Ruth Akpabio',
  'Kingsley Eyo',
] as const

/** /team: nine cards, each titled Deputy Head Teacher. */
export const teamMembers: readonly Person[] = teamNames.map((name, index) => ({
  name,
  role: 'Deputy Head Teacher',
  avatar: `/images/people/team-${index + 1}.svg`,
}))
