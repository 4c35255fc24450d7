import { BadgeCheck, Gift, Share2, UserPlus, Users } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { brandDisplayName } from '@shared/constants';
import { type PublicProfile } from '@shared/schema/profiles';
import { useUser } from '@/api/get-user';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { capitalize } from '@/lib/format';
import { useProfile } from '../api/get-profile';
import { CopyLinkButton } from '../components/copy-link-button';
import { ProfileAvatar } from '../components/profile-avatar';
import { MoreOptionsButton } from '../components/more-options-button';
import { ProfileNotFound } from '../components/profile-not-found';
import { ProfileQrCode } from '../components/profile-qr-code';
import { ProfileSkeleton } from '../components/profile-skeleton';
import { useProfileSharing } from '../components/use-profile-sharing';
import { friendsOfPath, paths } from '@/lib/paths';

// The '⋯' menu is on the first screen but does nothing until tapped, and Radix's menu, popper and
// focus code is the largest part of this page: it loads apart, when the button is pointed at,
// focused or tapped (a tap before it is here opens the menu when it arrives).
const loadProfileMenu = () => import('../components/profile-menu');
const ProfileMenu = lazy(() =>
  loadProfileMenu().then((module) => ({ default: module.ProfileMenu })),
);
const preloadProfileMenu = () => void loadProfileMenu().catch(() => {});

// The dialogs open on a tap, never on the first screen: each loads apart (the gift and report
// forms bring zod with their shared schemas) the first time it is opened. Loaded as soon as the
// profile showed, their code kept a phone's main thread busy for a second and more.
const GuestGiftDialog = lazy(() =>
  import('../components/guest-gift-dialog').then((module) => ({
    default: module.GuestGiftDialog,
  })),
);
const QrCodeDialog = lazy(() =>
  import('../components/qr-code-dialog').then((module) => ({ default: module.QrCodeDialog })),
);
const ReportProfileDialog = lazy(() =>
  import('../components/report-profile-dialog').then((module) => ({
    default: module.ReportProfileDialog,
  })),
);
const ShareProfileDialog = lazy(() =>
  import('../components/share-profile-dialog').then((module) => ({
    default: module.ShareProfileDialog,
  })),
);

/**
 * A person's public page, /u/:username: open to everyone, signed in or not. It is how a guest
 * without an account sends its owner a gift card.
 */
export function ProfilePage() {
  const { username = '' } = useParams<{ username: string }>();
  const profile = useProfile(username);
  const user = useUser();

  // Wait for the session too, so the buttons that depend on who is looking never flicker.
  if (profile.isPending || user.isPending) {
    return (
      <PageFrame title="mark.it">
        <ProfileSkeleton />
      </PageFrame>
    );
  }

  if (profile.isError || !profile.data) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <PageFrame title="Profile Not Found · mark.it">
        <ProfileNotFound
          username={username}
          onRetry={missing || !profile.isError ? undefined : () => void profile.refetch()}
          retrying={profile.isFetching}
        />
      </PageFrame>
    );
  }

  const viewer = user.data ?? null;
  return (
    <PageFrame title={`${profile.data.name} (@${profile.data.username}) · mark.it`}>
      <ProfileView
        profile={profile.data}
        signedIn={viewer !== null}
        isOwnProfile={
          viewer !== null && viewer.username.toLowerCase() === profile.data.username.toLowerCase()
        }
      />
    </PageFrame>
  );
}

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      {/* React puts the title in the document head while the page is shown. */}
      <title>{title}</title>
      {children}
    </div>
  );
}

type DialogName = 'share' | 'qr' | 'report' | 'gift';
type OpenDialog = DialogName | null;

type ProfileViewProps = { profile: PublicProfile; signedIn: boolean; isOwnProfile: boolean };

function ProfileView({ profile, signedIn, isOwnProfile }: ProfileViewProps) {
  const [, navigate] = useLocation();
  const [dialog, setDialogState] = useState<OpenDialog>(null);
  // The dialogs opened at least once: each stays rendered after, so it can close as usual.
  const [opened, setOpened] = useState<ReadonlySet<DialogName>>(() => new Set());
  const setDialog = (name: OpenDialog) => {
    if (name && !opened.has(name)) setOpened(new Set(opened).add(name));
    setDialogState(name);
  };
  const sharing = useProfileSharing(profile);
  const dialogProps = (name: DialogName) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });

  // Anyone but the owner is offered a gift. A business holds no cards and has no favourite
  // brands, so its dialog says there is nothing to choose and cannot be sent.
  const canSendGift = !isOwnProfile;
  const openGift = canSendGift ? () => setDialog('gift') : undefined;
  const giftBrands = profile.type === 'consumer' ? profile.brands : [];
  const friendsLabel = `${profile.friendsCount} ${profile.friendsCount === 1 ? 'friend' : 'friends'}`;

  const showQrCode = () => {
    if (sharing.showQrCode()) setDialog('qr');
  };
  // Reporting needs an account: a guest is sent to sign in first.
  const report = isOwnProfile
    ? undefined
    : signedIn
      ? () => setDialog('report')
      : () => navigate(paths.auth);

  const qrPanel = { profile, onSendGift: openGift, showAddFriend: !isOwnProfile };

  return (
    <>
      <Card className="overflow-hidden">
        <div className="relative h-28 bg-linear-to-r from-primary via-violet-500 to-fuchsia-500 sm:h-36">
          <div className="absolute top-3 right-3 flex gap-2">
            <Button type="button" variant="outline" onClick={() => setDialog('share')}>
              <Share2 aria-hidden="true" />
              Share
            </Button>
            <ProfileMenuSlot
              onShare={() => setDialog('share')}
              onShowQrCode={showQrCode}
              onReport={report}
            />
          </div>
        </div>

        <div className="grid justify-items-center gap-4 px-4 pb-6 text-center sm:px-6">
          <ProfileAvatar person={profile} className="-mt-12 sm:-mt-14" />

          <div className="grid justify-items-center gap-1">
            <h1 className="flex items-center gap-2 text-2xl font-bold break-all sm:text-3xl">
              {profile.name}
              {profile.verified && (
                <BadgeCheck
                  role="img"
                  aria-label="Verified"
                  className="size-6 shrink-0 fill-primary text-primary-foreground"
                />
              )}
            </h1>
            <p className="text-muted-foreground">@{profile.username}</p>
          </div>

          {/* A visitor who followed a shared link may never have heard of mark.it: one sentence
              says what it is (plain text, so the page's first load stays as light). A business
              holds no cards, so only a consumer is offered one. */}
          {!signedIn && (
            <p className="max-w-md text-sm text-muted-foreground">
              mark.it is where friends and local businesses send gift cards
              {profile.type === 'consumer'
                ? ` — send ${profile.name} one, no account needed.`
                : '.'}
            </p>
          )}

          <CopyLinkButton size="sm" onCopy={sharing.copyLink} />

          <Link
            href={friendsOfPath(profile.username)}
            className="inline-flex items-center gap-2 rounded-md px-2 py-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            <Users className="size-4" aria-hidden="true" />
            {friendsLabel}
          </Link>

          {!isOwnProfile && (
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap sm:justify-center">
              {openGift && (
                <Button type="button" onClick={openGift}>
                  <Gift aria-hidden="true" />
                  Send a Gift
                </Button>
              )}
              <Button type="button" variant="outline" onClick={() => setDialog('share')}>
                <Share2 aria-hidden="true" />
                Share Profile
              </Button>
              {!signedIn && (
                <Link href={paths.auth} className={buttonVariants({ variant: 'secondary' })}>
                  <UserPlus aria-hidden="true" />
                  Follow
                </Link>
              )}
            </div>
          )}

          <section aria-labelledby="favourite-brands" className="grid w-full gap-2">
            <h2 id="favourite-brands" className="text-lg font-semibold">
              Favourite Brands
            </h2>
            {profile.brands.length > 0 ? (
              <ul className="flex flex-wrap justify-center gap-2">
                {profile.brands.map((brand) => (
                  <li key={brand}>
                    <Badge variant="secondary" className="px-3 py-1 text-sm">
                      {capitalize(brandDisplayName(brand))}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No favourite brands yet.</p>
            )}
          </section>

          <section aria-label="QR code" className="grid w-full justify-items-center gap-2 pt-2">
            <ProfileQrCode
              username={profile.username}
              name={profile.name}
              className="size-48 max-w-full"
            />
          </section>
        </div>
      </Card>

      {/* A dialog tapped open before its code is here opens when it arrives. */}
      <Suspense fallback={null}>
        {opened.has('share') && <ShareProfileDialog {...dialogProps('share')} {...qrPanel} />}
        {opened.has('qr') && <QrCodeDialog {...dialogProps('qr')} {...qrPanel} />}
        {report && signedIn && opened.has('report') && (
          <ReportProfileDialog {...dialogProps('report')} profile={profile} />
        )}
        {canSendGift && opened.has('gift') && (
          <GuestGiftDialog
            {...dialogProps('gift')}
            recipient={{ username: profile.username, brands: giftBrands }}
          />
        )}
      </Suspense>
    </>
  );
}

type ProfileMenuSlotProps = Omit<ComponentProps<typeof ProfileMenu>, 'defaultOpen'>;

/** The profile menu, or until its code is here the same '⋯' button, which opens it on arrival. */
function ProfileMenuSlot(props: ProfileMenuSlotProps) {
  const [requested, setRequested] = useState(false);
  const button = (
    <MoreOptionsButton
      aria-haspopup="menu"
      onPointerEnter={preloadProfileMenu}
      onFocus={preloadProfileMenu}
      onClick={() => setRequested(true)}
    />
  );
  if (!requested) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenu {...props} defaultOpen />
    </Suspense>
  );
}
