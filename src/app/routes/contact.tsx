import { createFileRoute } from '@tanstack/react-router'
import { marketingHead } from '#marketing/page-meta'
import { ContactPage } from '#marketing/pages/contact-page'
import { sendInquiry } from '#marketing/send-inquiry'

export const Route = createFileRoute('/contact')({
  head: () => marketingHead('/contact'),
  component: () => <ContactPage onSend={sendInquiry} />,
})
