import { createFileRoute } from '@tanstack/react-router'
import { TeamPage } from '../../marketing/pages/team-page'

export const Route = createFileRoute('/team')({
  component: TeamPage,
})
