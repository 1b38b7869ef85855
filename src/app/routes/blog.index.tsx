import { createFileRoute } from '@tanstack/react-router'
import { marketingHead } from '#marketing/page-meta'
import { BlogPage } from '#marketing/pages/blog-page'

export const Route = createFileRoute('/blog/')({
  head: () => marketingHead('/blog'),
  component: BlogPage,
})
