import { createFileRoute } from '@tanstack/react-router'
import { marketingHead } from '#marketing/page-meta'
import { HomePage } from '#marketing/pages/home-page'

export const Route = createFileRoute('/')({
  head: () => marketingHead('/'),
  component: HomePage,
})
