import { SessionExpiredListener } from '../shell/session-expired';
import { useRouteFocus } from '../shell/route-focus';
import { config } from '../runtime/config';
import { AppRoutes } from './routes';

/** The app below the providers: routes, focus on navigation, and the expired-session listener. */
export function App() {
  useRouteFocus(config.productName);
  return (
    <>
      <SessionExpiredListener />
      <AppRoutes />
    </>
  );
}
