import { createFileRoute } from '@tanstack/react-router'
import { marketingHead } from '#marketing/page-meta'
import { TeamPage } from '#marketing/pages/team-page'

export const Route = createFileRoute('/team')({
  head: () => marketingHead('/team'),
  component: TeamPage,
})
