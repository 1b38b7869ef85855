import type { SocialNetwork } from '#shared/ui/social-icon'

// Footer lists and the centre's social profiles.
export const footerAbout =
  'Sunbeam is a warm, safe and playful day care and baby care centre in Uyo, where little ones learn, rest and grow while their parents work with peace of mind.'

/** Footer 'Classes'. */
export const footerClasses: readonly string[] = [
  'Music',
  'Foreign Language',
  'Dance',
  'Drama',
  'Sports Skill',
  'Previous Reading',
]

export type QuickLinkTarget = '/about' | '/team' | '/pricing' | '/blog' | '/contact'

/** Footer 'Quick Links'. */
export const quickLinks: readonly { readonly label: string; readonly to: QuickLinkTarget }[] = [
  { label: 'About', to: '/about' },
  { label: 'Our Team', to: '/team' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Blog', to: '/blog' },
  { label: 'Contact', to: '/contact' },
]

/** The centre's social profiles: replace these with its real profile addresses. */
export const socialProfiles: readonly {
  readonly network: SocialNetwork
  readonly label: string
  readonly href: string
}[] = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'x', label: 'X', href: 'https://x.com/' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
]
