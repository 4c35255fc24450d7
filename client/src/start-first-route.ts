// main.tsx imports this first, so it runs before React and the app are evaluated: the first
// page's code and data are on their way while the rest of the entry script runs.
import { startFirstRoute } from './first-route';

startFirstRoute(window.location.pathname);
