import { socialProfiles } from '#marketing/content/site-links'
import { siteConfig } from '#shared/config/site-config'
import { SocialIcon } from '#shared/ui/social-icon'

/** The centre's social profiles as icon links (footer, team cards). */
export function SocialLinks({ label }: { readonly label: string }) {
  return (
    <ul className="social-links" aria-label={label}>
      {socialProfiles.map((profile) => (
        <li key={profile.network}>
          <a className="social-links__link" href={profile.href} rel="noopener" target="_blank">
            <SocialIcon network={profile.network} />
            <span className="visually-hidden">
              {siteConfig.shortName} on {profile.label} (opens in a new tab)
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
