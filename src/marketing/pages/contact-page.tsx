import type { InquirySubmission } from '../../shared/records/inquiry-record'
import { ContactInfo } from '../components/contact-info'
import { InquiryForm } from '../components/inquiry-form'
import { PageBanner } from '../components/page-banner'

export function ContactPage({ onSend }: { readonly onSend?: (inquiry: InquirySubmission) => Promise<void> }) {
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
