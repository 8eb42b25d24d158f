// Placeholder until the screen's own issue lands (the route, guard and menu entry are real).
import { ComingSoon } from '../components/ComingSoon';

export default function CreateProgressBillPage() {
  return <ComingSoon title="Buat Progres Tagihan" />;
}
