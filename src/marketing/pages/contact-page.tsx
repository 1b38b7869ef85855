import { ContactInfo } from '#marketing/components/contact-info'
import { InquiryForm, type SendInquiry } from '#marketing/components/inquiry-form'
import { PageBanner } from '#marketing/components/page-banner'

export function ContactPage({ onSend }: { readonly onSend?: SendInquiry }) {
  return (
    <>
      <PageBanner title="Contact Us" />
      <div className="section">
        <div className="container contact-layout">
          <InquiryForm onSend={onSend} />
          <ContactInfo />
        </div>
      </div>
    </>
  )
}
