import { createFileRoute } from '@tanstack/react-router'
import { sendInquiry } from '#account/send-inquiry'
import { marketingHead } from '#marketing/page-meta'
import { ContactPage } from '#marketing/pages/contact-page'

export const Route = createFileRoute('/contact')({
  head: () => marketingHead('/contact'),
  component: () => <ContactPage onSend={sendInquiry} />,
})
