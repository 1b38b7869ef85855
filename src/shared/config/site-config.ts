// Brand and contact details live here only. Each can be overridden at build time
// through a VITE_ variable, so another centre can ship the same app without code changes.
const env = import.meta.env

function pick(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim()
  return trimmed ? trimmed : fallback
}

export interface SiteConfig {
  readonly name: string
  readonly shortName: string
  readonly phone: string
  /** The phone number in the form a tel: link needs (digits and a leading +). */
  readonly phoneHref: string
  readonly email: string
  readonly address: string
  readonly openingHours: string
  readonly copyrightYear: number
  /** The centre's time zone (IANA): staff see dates and 'today' as the centre lives them. */
  readonly timeZone: string
}

const phone = pick(env.VITE_SITE_PHONE, '+234 800 555 0142')

export const siteConfig: SiteConfig = {
  name: pick(env.VITE_SITE_NAME, 'Sunbeam Day Care & Baby Care'),
  shortName: pick(env.VITE_SITE_SHORT_NAME, 'Sunbeam'),
  phone,
  phoneHref: `tel:${phone.replace(/[^\d+]/g, '')}`,
  email: pick(env.VITE_SITE_EMAIL, 'hello@sunbeam-daycare.example'),
  address: pick(env.VITE_SITE_ADDRESS, 'Osongama Estate, Uyo'),
  openingHours: 'Mon-Fri 9.00-17.00',
  copyrightYear: 2023,
  timeZone: pick(env.VITE_SITE_TIME_ZONE, 'Africa/Lagos'),
}
