import { LuFlaskConical } from 'react-icons/lu';
import { PlaceholderPage } from '../../components/page/PlaceholderPage';

export function SimulationPage() {
  return (
    <PlaceholderPage
      title="Simulation"
      description="Try strategies on simulated market sessions."
      icon={LuFlaskConical}
      emptyTitle="No simulations yet"
      emptyText="Simulated trading sessions and their results will appear here once the simulator is available."
    />
  );
}
