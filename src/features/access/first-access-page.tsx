/** /FirstAcess: first-access password creation from the e-mailed link (route spelt as in the spec). */
import { PasswordSetupView } from './password-setup-view';

export default function FirstAccessPage() {
  return <PasswordSetupView mode="firstAccess" />;
}
