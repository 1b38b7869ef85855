import { createFileRoute } from '@tanstack/react-router'
import { marketingHead } from '#marketing/page-meta'
import { AboutPage } from '#marketing/pages/about-page'

export const Route = createFileRoute('/about')({
  head: () => marketingHead('/about'),
  component: AboutPage,
})
