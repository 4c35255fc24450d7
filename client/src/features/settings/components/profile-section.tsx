import { SettingsSection } from './settings-section';

/** Name, username, picture and the account type's own details. */
export function ProfileSection() {
  return (
    <SettingsSection id="profile" title="Profile" description="How others see you on mark.it.">
      <p className="text-sm text-muted-foreground">Loading…</p>
    </SettingsSection>
  );
}
