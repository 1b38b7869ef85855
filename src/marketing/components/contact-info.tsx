import { siteConfig } from '#shared/config/site-config'

/** Phone, e-mail, address and hours, as text and as links that open the right app. */
export function ContactInfo() {
  return (
    <section className="contact-info" aria-labelledby="contact-info">
      <h2 id="contact-info" className="contact-info__title">
        Get in Touch
      </h2>
      <p>We love hearing from families. Call, write or drop by for a visit during opening hours.</p>
      <dl className="contact-info__list">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={siteConfig.phoneHref}>{siteConfig.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${siteConfig.email}`}>{siteConfig.email}</a>
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{siteConfig.address}</dd>
        </div>
        <div>
          <dt>Opening hours</dt>
          <dd>{siteConfig.openingHours}</dd>
        </div>
      </dl>
    </section>
  )
}
