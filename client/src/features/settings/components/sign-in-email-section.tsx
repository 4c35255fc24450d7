import { SettingsSection } from './settings-section';

/** Changing the address used to sign in: confirmed by a link sent to the new address. */
export function SignInEmailSection() {
  return (
    <SettingsSection
      id="sign-in-email"
      title="Sign-in e-mail"
      description="A confirmation link goes to the new address; nothing changes until it is followed."
    >
      <p className="text-sm text-muted-foreground">Loading…</p>
    </SettingsSection>
  );
}
