import { useUser } from '@/api/get-user';
import { ConsumerHome } from '../components/consumer-home';

/** The consumer's home; a business's home is its dashboard (app.tsx picks by account type). */
export function ConsumerHomePage() {
  // The route guard renders this page only for a signed-in user.
  const { data: user } = useUser();
  if (!user) return null;
  return <ConsumerHome user={user} />;
}
