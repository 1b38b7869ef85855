// The footer of the staff's pages (/centre): what the records are and how to treat them, and the way back
// to the public site; the marketing footer (classes, social links, newsletter) is for parents.
import { Link } from '@tanstack/react-router'
import { siteConfig } from '#shared/config/site-config'

export function StaffFooter() {
  return (
    <footer className="staff-footer">
      <div className="container staff-footer__inner">
        <p>
          {siteConfig.shortName} centre, for staff only. These are children's personal records: keep them, and
          any export, on the centre's own devices.
        </p>
        <Link to="/">{siteConfig.shortName}'s public site</Link>
      </div>
    </footer>
  )
}
