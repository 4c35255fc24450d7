import { AcceptedBrandsSection } from '../components/accepted-brands-section';
import { DataSection } from '../components/data-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { SessionsSection } from '../components/sessions-section';
import { SignInEmailSection } from '../components/sign-in-email-section';
import { TwoFactorSection } from '../components/two-factor-section';
import { WalletPinSection } from '../components/wallet-pin-section';

/**
 * The signed-in user's settings, for both account types: one stacked column of sections, each a
 * card with its own heading and its own form, so saving one never touches another.
 */
export function SettingsPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <ProfileSection />
      {/* A business only: the gift-card brands its counter takes. */}
      <AcceptedBrandsSection />
      <SignInEmailSection />
      <PasswordSection />
      <SessionsSection />
      <TwoFactorSection />
      {/* A consumer only: the PIN Use Card asks for. */}
      <WalletPinSection />
      {/*
        More sections go here, in this order, each a component in ../components built on
        SettingsSection (one import above, one element here):
        Password, Signed-in sessions, Two-factor authentication, Your data.
      */}
      <DataSection />
    </div>
  );
}
