// TEMPORARY stub (build engineer): replaced by the real dashboard page.
export default function DashboardPage() {
  return <h2>Dashboard</h2>;
}
