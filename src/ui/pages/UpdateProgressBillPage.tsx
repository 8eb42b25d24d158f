// Placeholder until the screen's own issue lands (the route, guard and menu entry are real).
import { ComingSoon } from '../components/ComingSoon';

export default function UpdateProgressBillPage() {
  return <ComingSoon title="Update Progres Tagihan" />;
}
