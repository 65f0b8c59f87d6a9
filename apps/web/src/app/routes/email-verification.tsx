import { EmailVerificationLanding } from '../../features/email-verification/components/email-verification-landing';

export const EmailVerificationRoute = () => <EmailVerificationLanding />;
