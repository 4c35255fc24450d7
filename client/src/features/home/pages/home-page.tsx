import { useUser } from '@/api/get-user';
import { BusinessDashboard } from '../components/business-dashboard';
import { ConsumerHome } from '../components/consumer-home';

export function HomePage() {
  // The route guard renders this page only for a signed-in user.
  const { data: user } = useUser();
  if (!user) return null;

  return user.type === 'business' ? (
    <BusinessDashboard user={user} />
  ) : (
    <ConsumerHome user={user} />
  );
}
