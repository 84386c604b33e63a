/** /ResetPassword: password reset from the e-mailed link. */
import { PasswordSetupView } from './password-setup-view';

export default function ResetPasswordPage() {
  return <PasswordSetupView mode="reset" />;
}
