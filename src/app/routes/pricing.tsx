import { createFileRoute } from '@tanstack/react-router'
import { marketingHead } from '#marketing/page-meta'
import { PricingPage } from '#marketing/pages/pricing-page'

export const Route = createFileRoute('/pricing')({
  head: () => marketingHead('/pricing'),
  component: PricingPage,
})
