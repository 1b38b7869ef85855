import { createFileRoute } from '@tanstack/react-router'
import { sendInquiry } from '../../account/send-inquiry'
import { ContactPage } from '../../marketing/pages/contact-page'

export const Route = createFileRoute('/contact')({
  component: () => <ContactPage onSend={sendInquiry} />,
})
